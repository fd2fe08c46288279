import { call } from "../../api/client";
import type { ApiKey } from "../../api/types";
import { Dialog } from "../../components/dialog";
import { Refusal } from "../../components/refusal";
import { useAction } from "../../hooks/use-load";

/** Revoking stops a key everywhere within a second, for good. */
export function RevokeDialog({
  apiKey,
  onClose,
  onRevoked,
}: {
  apiKey: ApiKey | null;
  onClose: () => void;
  onRevoked: () => void;
}) {
  const action = useAction(async (id: string) => {
    await call("keys.revoke", { params: { id } });
    onRevoked();
    onClose();
  });
  const close = () => {
    action.clear();
    onClose();
  };
  return (
    <Dialog open={apiKey !== null} title={`Revoke “${apiKey?.name ?? ""}”?`} onClose={close}>
      <p>
        Programs using this key stop working within a second. A revoked key never works again; this cannot be undone.
      </p>
      <Refusal failure={action.failure} />
      <div className="dialog-actions">
        <button type="button" className="button" onClick={close}>
          Cancel
        </button>
        <button
          type="button"
          className="button danger-solid"
          disabled={action.busy}
          onClick={() => apiKey && void action.run(apiKey.id)}
        >
          {action.busy ? "Revoking…" : "Revoke key"}
        </button>
      </div>
    </Dialog>
  );
}
