import { wcagContrast } from "culori";
import type { ValidationIssue } from "../../../contract/errors.js";
import { inspectUrl, type Problem, sitePolicy } from "../../../net/guard.js";
import type { Catalog } from "../../catalog/catalog.js";
import type { DomainServices } from "../../services.js";
import { type BrandColors, type BrandKitInput, MIN_CONTRAST, MUSIC_MOODS } from "./schemas.js";

/**
 * What the content checks look values up in: the catalogue, the installed fonts, and the URL guard's
 * configuration and resolver (the call to action's address).
 */
export interface ContentLookups extends Pick<DomainServices, "config" | "resolver"> {
  catalog: Pick<Catalog, "voices" | "renderOptions">;
  fonts: { byId(id: string): unknown };
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `#rgb` / `#rrggbb` as stored: lowercase `#rrggbb`; null when it is neither. */
export function normaliseColour(value: string): string | null {
  if (!HEX.test(value)) return null;
  const hex = value.slice(1).toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex}`;
}

/**
 * Ratio shown in a message, rounded down so a refused colour never reads as reaching the minimum
 * (4.497 shows as 4.49, not 4.50).
 */
const shownRatio = (ratio: number): string => (Math.floor(ratio * 100) / 100).toFixed(2);

const REQUIRED_COLOURS = ["background", "text", "primary"] as const;
const ALL_COLOURS = [...REQUIRED_COLOURS, "primaryText", "accent"] as const;

/** Colour problems, and the normalised colours when there are none. */
function checkColours(colors: NonNullable<BrandKitInput["colors"]>): {
  issues: ValidationIssue[];
  colors: BrandColors | null;
} {
  const issues: ValidationIssue[] = [];
  const out: Record<string, string | null> = {};
  for (const name of ALL_COLOURS) {
    const path = `body.colors.${name}`;
    const given = colors[name];
    if (given == null) {
      out[name] = null;
      if ((REQUIRED_COLOURS as readonly string[]).includes(name))
        issues.push({ path, code: "required", message: "is required when colors is sent" });
      continue;
    }
    out[name] = normaliseColour(given);
    if (out[name] === null) issues.push({ path, code: "colour_invalid", message: "must be #rgb or #rrggbb" });
  }
  const contrast = (fg: string, bg: string) => {
    const [a, b] = [out[fg], out[bg]];
    if (!a || !b) return; // missing or invalid: already reported
    const ratio = wcagContrast(a, b);
    if (ratio < MIN_CONTRAST)
      issues.push({
        path: `body.colors.${fg}`,
        code: "contrast_too_low",
        message: `has a contrast of ${shownRatio(ratio)}:1 against ${bg}; at least ${MIN_CONTRAST}:1 is required`,
      });
  };
  contrast("text", "background");
  contrast("primaryText", "primary");
  return { issues, colors: issues.length ? null : (out as BrandColors) };
}

/** Why the guard refused a call to action's address, as the issue's message (never the address itself). */
const CTA_URL_PROBLEMS: Record<Problem, string> = {
  malformed: "must be an http or https address",
  scheme: "must be an http or https address",
  credentials: "must not carry a username or password",
  fragment: "must not carry a fragment",
  port: "names a port that cannot be used",
  bare_host: "must name a host with a dot in it",
  too_long: "is too long",
  blocked: "resolves to a private or reserved address",
  unresolvable: "has a host name that does not resolve",
  denied: "names a host this deployment refuses",
};

/**
 * The call to action's address is only stored, but it is shown and rendered as a link: it passes the
 * same URL guard, with the same site policy, as every address the API takes (storyboards, sources).
 */
async function checkCallToActionUrl(lookups: ContentLookups, url: string): Promise<ValidationIssue | null> {
  const path = "body.callToAction.url";
  if (url.trim() !== url) return { path, code: "url_invalid", message: "must not start or end with white space" };
  const verdict = await inspectUrl(url, sitePolicy(lookups.config, []), lookups.resolver);
  if (verdict.ok) return null;
  const why = CTA_URL_PROBLEMS[verdict.problem];
  return { path, code: "url_invalid", message: verdict.kind ? `${why} (${verdict.kind})` : why };
}

/**
 * Every content problem of a kit at once (a form marks all its fields together), plus the colours as
 * stored. The logo's own checks need the source and come after these (resolve-logo.ts).
 */
export async function checkContent(
  lookups: ContentLookups,
  input: BrandKitInput,
): Promise<{ issues: ValidationIssue[]; colors: BrandColors | null }> {
  const issues: ValidationIssue[] = [];
  let colors: BrandColors | null = null;
  if (input.colors) {
    const checked = checkColours(input.colors);
    issues.push(...checked.issues);
    colors = checked.colors;
  }
  for (const role of ["heading", "body"] as const) {
    const id = input.fonts?.[role];
    if (id !== undefined && !lookups.fonts.byId(id))
      issues.push({ path: `body.fonts.${role}`, code: "font_unknown", message: "is not in the font catalogue" });
  }
  if (input.voiceId != null && !lookups.catalog.voices.some((v) => v.id === input.voiceId))
    issues.push({ path: "body.voiceId", code: "voice_unknown", message: "is not in GET /catalog/voices" });
  if (
    input.captionStyle != null &&
    !lookups.catalog.renderOptions.captionStyles.some((s) => s.id === input.captionStyle)
  )
    issues.push({
      path: "body.captionStyle",
      code: "caption_style_unknown",
      message: "is not a caption style of GET /catalog/render-options",
    });
  if (input.musicMood != null && !(MUSIC_MOODS as readonly string[]).includes(input.musicMood))
    issues.push({
      path: "body.musicMood",
      code: "music_mood_unknown",
      message: `must be one of ${MUSIC_MOODS.join(", ")}`,
    });
  if (input.callToAction) {
    if (input.callToAction.text.trim() === "")
      issues.push({ path: "body.callToAction.text", code: "text_blank", message: "must contain visible characters" });
    const url = await checkCallToActionUrl(lookups, input.callToAction.url);
    if (url) issues.push(url);
  }
  return { issues, colors };
}
