import { call } from "../../api/client";
import type { ApiKey } from "../../api/types";
import { ConfirmDialog } from "../../components/confirm-dialog";

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
  return (
    <ConfirmDialog
      open={apiKey !== null}
      title={`Revoke “${apiKey?.name ?? ""}”?`}
      confirm="Revoke key"
      busy="Revoking…"
      onClose={onClose}
      onConfirm={async () => {
        if (!apiKey) return;
        await call("keys.revoke", { params: { id: apiKey.id } });
        onRevoked();
      }}
    >
      <p>
        Programs using this key stop working within a second. A revoked key never works again; this cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
