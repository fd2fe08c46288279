import type { ReactNode, SelectHTMLAttributes } from "react";
import { Field } from "./field";

type SelectAttributes = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "value" | "onChange" | "children">;

/** A labelled `<select>` whose value is a string, its `<option>`s as children: the Field shape of every menu. */
export function SelectField({
  label,
  hint,
  problem,
  value,
  onChange,
  children,
  ...select
}: SelectAttributes & {
  label: string;
  hint?: ReactNode;
  problem?: string | null;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Field label={label} hint={hint} problem={problem}>
      {(control) => (
        <select {...control} {...select} value={value} onChange={(e) => onChange(e.target.value)}>
          {children}
        </select>
      )}
    </Field>
  );
}
