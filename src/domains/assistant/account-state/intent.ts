import { EXPORT_KIND } from "../../marketing/exports/schemas.js";
import { GENERATION_KIND } from "../../marketing/generations/schemas.js";
import { SOURCE_KIND } from "../../marketing/sources/schemas.js";
import { RENDER_KIND } from "../../renders/schemas.js";
import { STORYBOARD_KIND } from "../../storyboards/schemas.js";

/** A question about the asker's own account that an operation can answer from what it reads. */
export type AccountQuestion =
  | { about: "failed_job"; kind: string; noun: string }
  | { about: "wallet" }
  | { about: "webhooks" }
  | { about: "keys" }
  | { about: "email" };

/** The asker speaks of their own things. */
const PERSONAL = /\b(my|mine|i|i'm|i've|me|our|we)\b/i;
const FAILED = /\b(fail(ed|s|ing|ure)?|error(s|ed)?|broke|broken|went wrong|did ?n[o']t work|crash(ed|es)?)\b/i;

/** The job kinds a person calls by these words; the first that matches wins. */
const JOB_NOUNS: [RegExp, string, string][] = [
  [/\bexports?\b/i, EXPORT_KIND, "export"],
  [/\b(generations?|drafts?)\b/i, GENERATION_KIND, "generation"],
  [/\b(scans?|sources?)\b/i, SOURCE_KIND, "scan"],
  [/\b(storyboards?|plans? of|planning)\b/i, STORYBOARD_KIND, "storyboard"],
  [/\b(renders?|rendering|videos?|walkthroughs?)\b/i, RENDER_KIND, "render"],
];

const ABOUT_WEBHOOKS = /\b(webhooks?|endpoints?)\b/i;
const WEBHOOK_STATE = /\b(disabled?|status|state|working|active|enabled?|fail\w*|receiv\w*|deliver\w*|streak)\b/i;
const ABOUT_KEYS = /\b(api[- ]?)?keys?\b/i;
const KEY_STATE = /\b(active|expir\w*|revoked|how many|which|list|status|still work\w*)\b/i;
const ABOUT_EMAIL = /\b(e-?mail|address|account)\b.*\bverifi\w*|\bverifi\w*\b.*\b(e-?mail|address|account)\b/i;
const ABOUT_WALLET =
  /\b(seconds|balance|credits?|minutes|video time)\b.*\b(left|remaining|have|available|got)\b|\bhow much\b.*\b(left|time|seconds)\b|\b(my|our) (wallet|balance|plan)\b|\b(left|remaining)\b.*\b(seconds|minutes|balance)\b/i;

/**
 * Which account fact a question asks about, or null for a question the documentation answers. Only
 * questions about the asker's own things ("my render", "do I have") read the account.
 */
export function accountQuestionOf(question: string): AccountQuestion | null {
  if (!PERSONAL.test(question)) return null;
  if (ABOUT_WEBHOOKS.test(question) && WEBHOOK_STATE.test(question)) return { about: "webhooks" };
  if (ABOUT_EMAIL.test(question)) return { about: "email" };
  if (FAILED.test(question)) {
    const noun = JOB_NOUNS.find(([re]) => re.test(question));
    if (noun) return { about: "failed_job", kind: noun[1], noun: noun[2] };
  }
  if (ABOUT_KEYS.test(question) && KEY_STATE.test(question) && !/\bidempotency[- ]key/i.test(question)) {
    return { about: "keys" };
  }
  if (ABOUT_WALLET.test(question)) return { about: "wallet" };
  return null;
}
