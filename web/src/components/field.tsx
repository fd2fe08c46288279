import { type ReactNode, useId } from "react";

interface FieldProps {
  label: string;
  hint?: ReactNode;
  /** What is wrong with the value, said next to the field. */
  problem?: string | null;
  children: (control: { id: string; "aria-describedby"?: string; "aria-invalid"?: true }) => ReactNode;
}

/** A labelled control with its hint and problem wired to it (aria-describedby), so both are read out. */
export function Field({ label, hint, problem, children }: FieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : "", problem ? `${id}-problem` : ""].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children({
        id,
        ...(described ? { "aria-describedby": described } : {}),
        ...(problem ? { "aria-invalid": true as const } : {}),
      })}
      {problem ? (
        <p className="field-problem" id={`${id}-problem`}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}
