import { useState } from "react";
import { call } from "../../api/client";
import type { Operations } from "../../api/openapi-types";
import type { ApiKey } from "../../api/types";
import { Dialog } from "../../components/dialog";
import { Refusal } from "../../components/refusal";
import { SecretReveal } from "../../components/secret-reveal";
import { SelectField } from "../../components/select-field";
import { formatDateTime } from "../../format";
import { useAction } from "../../hooks/use-load";

/** Grace periods offered (the API takes 0 to 86400 seconds). */
const GRACE: [number, string][] = [
  [0, "Stop the old key now"],
  [300, "Keep the old key working for 5 minutes"],
  [3600, "Keep the old key working for 1 hour"],
  [21_600, "Keep the old key working for 6 hours"],
  [86_400, "Keep the old key working for 24 hours"],
];

type Rotated = Operations["keys.rotate"]["response"];

/**
 * Rotation: a new secret for the same name, scopes and limits; the old key keeps working for the grace
 * period, time to deploy the new one.
 */
export function RotateDialog({
  apiKey,
  onClose,
  onRotated,
}: {
  apiKey: ApiKey | null;
  onClose: () => void;
  onRotated: () => void;
}) {
  const [grace, setGrace] = useState(3600);
  const [rotated, setRotated] = useState<Rotated | null>(null);
  const action = useAction(async (id: string) => {
    setRotated(await call("keys.rotate", { params: { id }, body: { graceSeconds: grace } }));
    onRotated();
  });
  const close = () => {
    setRotated(null);
    action.clear();
    onClose();
  };
  return (
    <Dialog open={apiKey !== null} title={`Rotate “${apiKey?.name ?? ""}”`} onClose={close}>
      {rotated ? (
        <SecretReveal title="The new key" secret={rotated.secret} what="key">
          <p>
            {rotated.previousKey.revokedAt && Date.parse(rotated.previousKey.revokedAt) > Date.now()
              ? `The old key keeps working until ${formatDateTime(rotated.previousKey.revokedAt)}.`
              : "The old key has stopped working."}
          </p>
          <div className="dialog-actions">
            <button type="button" className="button primary" onClick={close}>
              Done
            </button>
          </div>
        </SecretReveal>
      ) : (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (apiKey) void action.run(apiKey.id);
          }}
        >
          <p>
            The new key has the same name, scopes, limits and expiry. Programs must switch to it before the old one
            stops.
          </p>
          <SelectField label="The old key" value={String(grace)} onChange={(seconds) => setGrace(Number(seconds))}>
            {GRACE.map(([seconds, label]) => (
              <option key={seconds} value={seconds}>
                {label}
              </option>
            ))}
          </SelectField>
          <Refusal failure={action.failure} />
          <div className="dialog-actions">
            <button type="button" className="button" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="button primary" disabled={action.busy}>
              {action.busy ? "Rotating…" : "Rotate key"}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
