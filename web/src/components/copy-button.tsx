import { useState } from "react";

/**
 * Copies `text`. The clipboard API exists only in secure contexts (https, or this machine's own
 * address); elsewhere the field holding the text is selected and the browser's copy command used.
 */
export function CopyButton({ text, fieldId, label = "Copy" }: { text: string; fieldId?: string; label?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      const field = fieldId ? (document.getElementById(fieldId) as HTMLInputElement | null) : null;
      field?.select();
      setState(field && document.execCommand("copy") ? "copied" : "failed");
    }
  };
  return (
    <>
      <button type="button" className="button" onClick={copy}>
        {state === "copied" ? "Copied" : label}
      </button>
      <span className="copy-feedback" role="status">
        {state === "copied" ? "Copied to the clipboard." : ""}
        {state === "failed" ? "This browser blocked copying: the text is selected, press Ctrl+C (⌘C on a Mac)." : ""}
      </span>
    </>
  );
}
