import type { ReactNode } from "react";
import { InputField } from "./input-field";

/** An optional whole number from a text field, or undefined when it is empty. */
export const optionalCount = (text: string): number | undefined => (text.trim() === "" ? undefined : Number(text));

/** What is wrong with an optional whole number bounded by the API, or null. */
export function countProblem(text: string, min: number, max: number): string | null {
  const n = optionalCount(text);
  if (n === undefined || (Number.isInteger(n) && n >= min && n <= max)) return null;
  return `Use a whole number from ${min.toLocaleString("en")} to ${max.toLocaleString("en")}, or leave it empty.`;
}

/** A whole-number field kept as text, so an empty field means "not given". */
export function CountField(props: {
  label: string;
  hint?: ReactNode;
  min: number;
  max: number;
  value: string;
  onChange: (text: string) => void;
  problem: string | null;
}) {
  return <InputField type="number" inputMode="numeric" step={1} {...props} />;
}
