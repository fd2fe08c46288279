import { call } from "../../api/client";
import type { Endpoint } from "../../api/types";
import { Dialog } from "../../components/dialog";
import { Refusal } from "../../components/refusal";
import { useAction } from "../../hooks/use-load";
import { navigate } from "../../router/history";

/** Deleting removes the endpoint and its pending deliveries. */
export function DeleteEndpointDialog({ endpoint, onClose }: { endpoint: Endpoint | null; onClose: () => void }) {
  const action = useAction(async (id: string) => {
    await call("webhooks.delete", { params: { id } });
    navigate("/webhooks");
  });
  return (
    <Dialog open={endpoint !== null} title="Delete this endpoint?" onClose={onClose}>
      <p>
        Events stop going to <strong className="url">{endpoint?.url}</strong>, and deliveries still waiting are dropped.
        To pause it instead, disable it.
      </p>
      <Refusal failure={action.failure} />
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button danger-solid"
          disabled={action.busy}
          onClick={() => endpoint && void action.run(endpoint.id)}
        >
          {action.busy ? "Deleting…" : "Delete endpoint"}
        </button>
      </div>
    </Dialog>
  );
}
