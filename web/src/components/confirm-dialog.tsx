import type { ReactNode } from "react";
import { useAction } from "../hooks/use-load";
import { Dialog } from "./dialog";
import { Refusal } from "./refusal";

/**
 * Asks before an action that cannot be taken back (revoke, delete, cancel): says what happens, shows a
 * refusal in place, and closes only once the action went through.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirm,
  busy,
  onConfirm,
  onClose,
  tone = "danger",
}: {
  open: boolean;
  title: string;
  /** What will happen, in plain words. */
  children: ReactNode;
  /** The confirming button's label ("Revoke key"), and its label while the action runs ("Revoking…"). */
  confirm: string;
  busy: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  tone?: "danger" | "primary";
}) {
  const action = useAction(async () => {
    await onConfirm();
    onClose();
  });
  const close = () => {
    action.clear();
    onClose();
  };
  return (
    <Dialog open={open} title={title} onClose={close}>
      {children}
      <Refusal failure={action.failure} />
      <div className="dialog-actions">
        <button type="button" className="button" onClick={close}>
          Cancel
        </button>
        <button
          type="button"
          className={tone === "danger" ? "button danger-solid" : "button primary"}
          disabled={action.busy}
          onClick={() => void action.run()}
        >
          {action.busy ? busy : confirm}
        </button>
      </div>
    </Dialog>
  );
}
