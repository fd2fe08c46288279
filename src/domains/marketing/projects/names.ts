import { ApiError } from "../../../contract/errors.js";
import { DESCRIPTION_MAX, NAME_MAX } from "./schemas.js";

// Control characters other than tab and line breaks: they never belong in a name a person typed.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/u;

/** 400 name_invalid: empty once trimmed, over NAME_MAX characters, or holding a line break or control character. */
export function checkName(name: string): string {
  const trimmed = name.trim();
  const reason =
    trimmed.length === 0
      ? "empty"
      : [...trimmed].length > NAME_MAX
        ? "too_long"
        : CONTROL.test(trimmed) || /[\r\n\t]/.test(trimmed)
          ? "control_character"
          : null;
  if (reason) throw new ApiError("name_invalid", { reason, maxLength: NAME_MAX });
  return trimmed;
}

/** 400 description_invalid: over DESCRIPTION_MAX characters or holding a control character (line breaks are fine). */
export function checkDescription(description: string): string | null {
  const trimmed = description.trim();
  const reason =
    [...trimmed].length > DESCRIPTION_MAX ? "too_long" : CONTROL.test(trimmed) ? "control_character" : null;
  if (reason) throw new ApiError("description_invalid", { reason, maxLength: DESCRIPTION_MAX });
  return trimmed.length === 0 ? null : trimmed;
}
