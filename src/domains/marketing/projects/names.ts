import { ApiError } from "../../../contract/errors.js";
import { DESCRIPTION_MAX, NAME_MAX } from "./schemas.js";

/** A control character (C0, DEL, C1) or a Unicode line or paragraph separator. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
/** Line breaks and tabs a description may hold, as a person types a few paragraphs. */
const LAYOUT = new Set(["\n", "\r", "\t"]);
const hasControl = (text: string, allowed: ReadonlySet<string> = new Set()): boolean =>
  [...text].some((ch) => CONTROL.test(ch) && !allowed.has(ch));

/** 400 name_invalid: empty once trimmed, over NAME_MAX characters, or holding a line break or control character. */
export function checkName(name: string): string {
  const trimmed = name.trim();
  const reason =
    trimmed.length === 0
      ? "empty"
      : [...trimmed].length > NAME_MAX
        ? "too_long"
        : hasControl(trimmed)
          ? "control_character"
          : null;
  if (reason) throw new ApiError("name_invalid", { reason, maxLength: NAME_MAX });
  return trimmed;
}

/** 400 description_invalid: over DESCRIPTION_MAX characters or holding a control character (line breaks are fine). */
export function checkDescription(description: string): string | null {
  const trimmed = description.trim();
  const reason =
    [...trimmed].length > DESCRIPTION_MAX ? "too_long" : hasControl(trimmed, LAYOUT) ? "control_character" : null;
  if (reason) throw new ApiError("description_invalid", { reason, maxLength: DESCRIPTION_MAX });
  return trimmed.length === 0 ? null : trimmed;
}
