import type { ReactNode } from "react";
import { InputField } from "./input-field";

/** The email address field of sign-in and sign-up. */
export function EmailField(props: {
  value: string;
  onChange: (email: string) => void;
  hint?: ReactNode;
  problem?: string | null;
}) {
  return <InputField label="Email address" type="email" autoComplete="email" required maxLength={254} {...props} />;
}
