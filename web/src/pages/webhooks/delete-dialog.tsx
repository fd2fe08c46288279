import { call } from "../../api/client";
import type { Endpoint } from "../../api/types";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { navigate } from "../../router/history";

/** Deleting removes the endpoint and its pending deliveries. */
export function DeleteEndpointDialog({ endpoint, onClose }: { endpoint: Endpoint | null; onClose: () => void }) {
  return (
    <ConfirmDialog
      open={endpoint !== null}
      title="Delete this endpoint?"
      confirm="Delete endpoint"
      busy="Deleting…"
      onClose={onClose}
      onConfirm={async () => {
        if (!endpoint) return;
        await call("webhooks.delete", { params: { id: endpoint.id } });
        navigate("/webhooks");
      }}
    >
      <p>
        Events stop going to <strong className="url">{endpoint?.url}</strong>, and deliveries still waiting are dropped.
        To pause it instead, disable it.
      </p>
    </ConfirmDialog>
  );
}
