import { lazy, Suspense, useState } from "react";

/** The panel, with the calls it makes, loads on the first click: the first load stays small. */
const AssistantPanel = lazy(() => import("./panel"));

/**
 * "Get help", in the shell on every signed-in page: opens the support assistant as a side panel
 * (a modal dialog: it keeps focus, Escape closes it, focus returns here). Once opened it stays mounted,
 * closed, so what was typed is still there when it is opened again.
 */
export function AssistantButton() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button small assistant-open"
        aria-haspopup="dialog"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        Get help
      </button>
      {used ? (
        <Suspense fallback={null}>
          <AssistantPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
