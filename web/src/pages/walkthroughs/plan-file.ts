import { fileAddress } from "../../api/files";

/** One beat of a plan, as the storyboard's `storyboard` artifact (JSON) writes it. */
export interface Beat {
  id: string;
  title: string;
  action: "navigate" | "click" | "type" | "scroll" | "hover" | string;
  target: { role?: string; name?: string; css?: string } | null;
  url: string;
  value?: string;
  narration: string;
  estimatedSeconds: number;
}

export interface PlanFile {
  url: string;
  hint: string | null;
  options: Record<string, string | number | null>;
  signedIn: boolean;
  narrationLanguage?: string;
  beats: Beat[];
  warnings?: { intent: string; reason: string }[];
}

/** The plan, read from its signed file address (this origin; the signature is the credential). */
export async function readPlan(url: string): Promise<PlanFile> {
  const res = await fetch(fileAddress(url), { credentials: "omit", cache: "no-store" });
  if (!res.ok) throw new Error(`The plan could not be read (HTTP ${res.status}). Reload the page.`);
  return (await res.json()) as PlanFile;
}

/** What a beat does, in words (every name is the site's own text, shown as text). */
export function actionWords(beat: Beat): string {
  const name = beat.target?.name ? `“${beat.target.name}”` : "an element";
  switch (beat.action) {
    case "navigate":
      return `Opens ${beat.url}`;
    case "click":
      return `Clicks ${name}`;
    case "type":
      return `Types “${beat.value ?? ""}” into ${name}`;
    case "scroll":
      return "Scrolls down the page";
    case "hover":
      return `Points at ${name}`;
    default:
      return beat.action;
  }
}

const QUOTE_FIELDS = [
  "background",
  "captionStyle",
  "capture",
  "language",
  "orientation",
  "templateId",
  "voiceId",
  "targetSeconds",
  "maxSeconds",
] as const;

/** The plan's options as POST /renders/quote takes them (only the fields it knows, none empty). */
export function quoteBody(plan: PlanFile): Record<string, string | number> {
  const body: Record<string, string | number> = {};
  for (const field of QUOTE_FIELDS) {
    const value = plan.options[field];
    if (value !== null && value !== undefined && value !== "") body[field] = value;
  }
  return body;
}
