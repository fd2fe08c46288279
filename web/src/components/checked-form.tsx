import type { ReactNode } from "react";

/**
 * A form that checks itself before it acts. Submitting marks the attempt (`onTried`, so fields start
 * showing their problems), then either runs `onValid` or moves the focus to the first field with a
 * problem, once React has marked it.
 */
export function CheckedForm({
  valid,
  onTried,
  onValid,
  wide = false,
  children,
}: {
  /** Whether every field's own check passes; each failing field shows its problem (aria-invalid). */
  valid: boolean;
  onTried: () => void;
  onValid: () => void;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <form
      className={wide ? "form wide" : "form"}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onTried();
        const form = e.currentTarget;
        if (valid) onValid();
        else requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
      }}
    >
      {children}
    </form>
  );
}
