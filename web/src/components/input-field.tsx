import type { InputHTMLAttributes, ReactNode } from "react";
import { Field } from "./field";

type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange">;

/**
 * A labelled text-like `<input>` whose value is a string: the one Field shape most forms repeat, so a form
 * says only the input's own attributes (type, autoComplete, maxLength …).
 */
export function InputField({
  label,
  hint,
  problem,
  value,
  onChange,
  ...input
}: InputAttributes & {
  label: string;
  hint?: ReactNode;
  problem?: string | null;
  value: string;
  onChange: (text: string) => void;
}) {
  return (
    <Field label={label} hint={hint} problem={problem}>
      {(control) => <input {...control} {...input} value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}
