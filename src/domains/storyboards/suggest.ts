import { Type } from "@sinclair/typebox";
import { ApiError } from "../../contract/errors.js";
import { inspectUrl, SITE_URL_MAX, sitePolicy } from "../../net/guard.js";
import { ok } from "../../operations/define.js";
import { type DomainServices, defineOperation } from "../services.js";
import { readPage, type SiteOutline } from "./page-outline.js";
import { checkSiteAllowed } from "./site-policy.js";
import { siteUrlError } from "./url-errors.js";

export const SuggestBody = Type.Object(
  { url: Type.String({ minLength: 1, maxLength: SITE_URL_MAX, description: "The website to plan." }) },
  { additionalProperties: false },
);

const Focus = Type.Union(["overview", "page", "action", "signin"].map((f) => Type.Literal(f)));

export const Suggestions = Type.Object(
  {
    url: Type.String({ description: "The page read (after redirects)." }),
    siteName: Type.String(),
    suggestions: Type.Array(
      Type.Object(
        {
          hint: Type.String({ description: "Pass as `hint` to POST /storyboards (3 to 1000 characters)." }),
          focus: Focus,
          reason: Type.String({ description: "What on the page the suggestion comes from." }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 6 },
    ),
  },
  { additionalProperties: false },
);

const FETCH_TIMEOUT_MS = 8_000;
const MAX_PAGE_BYTES = 1024 * 1024;
const MAX_REDIRECTS = 3;

/** The start page's HTML, each hop through the URL guard and fetched from the address it checked. */
async function fetchStartPage(
  deps: Pick<DomainServices, "config" | "resolver" | "pinnedAgents">,
  raw: string,
): Promise<{ url: URL; html: string }> {
  let next = raw;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    checkSiteAllowed(next);
    const verdict = await inspectUrl(next, sitePolicy(deps.config), deps.resolver);
    if (!verdict.ok) throw siteUrlError(verdict);
    const page = await deps.pinnedAgents.getText(verdict, {
      timeoutMs: FETCH_TIMEOUT_MS,
      maxBytes: MAX_PAGE_BYTES,
      headers: { accept: "text/html", "user-agent": "Clipwright/1.0 (+walkthrough planner)" },
    });
    if ("error" in page) throw new ApiError("url_invalid", { reason: "unreachable" });
    if (page.status >= 300 && page.status < 400 && page.location) {
      next = new URL(page.location, verdict.url).href;
      continue;
    }
    if (page.status >= 400) throw new ApiError("url_invalid", { reason: "http_status", status: page.status });
    if (!/html/i.test(page.contentType)) throw new ApiError("url_invalid", { reason: "not_html" });
    return { url: verdict.url, html: page.text };
  }
  throw new ApiError("url_invalid", { reason: "too_many_redirects" });
}

/** Hints from what the start page offers: the tour, each main page, the main action, the sign-in. */
export function suggestHints(outline: SiteOutline): { hint: string; focus: string; reason: string }[] {
  const out: { hint: string; focus: string; reason: string }[] = [];
  // The call to action gets its own suggestion; as a page it would be said twice.
  const pages = outline.navLinks.filter((l) => l.toLowerCase() !== outline.cta?.toLowerCase()).slice(0, 3);
  if (pages.length > 0) {
    out.push({
      hint: `Show the home page first, then ${pages.map((p) => p.toLowerCase()).join(", then ")}.`,
      focus: "overview",
      reason: "The site's main navigation, in its own order.",
    });
  }
  for (const page of pages) {
    out.push({
      hint: `Show ${page.toLowerCase()} first, then the rest of the site.`,
      focus: "page",
      reason: `A main page: ${page}.`,
    });
  }
  if (outline.cta) {
    out.push({
      hint: `Show how to ${outline.cta.toLowerCase().replace(/[.!]+$/, "")}, from the home page to the form.`,
      focus: "action",
      reason: `The page's main call to action: ${outline.cta}.`,
    });
  }
  if (outline.signIn) {
    out.push({
      hint: "Sign in and show the dashboard first (send demo credentials with the storyboard).",
      focus: "signin",
      reason: "The site has a sign-in; what is behind it is planned only with demo credentials.",
    });
  }
  if (out.length === 0 && outline.headings.length > 0) {
    out.push({
      hint: `Scroll through ${outline.headings.slice(0, 3).join(", then ")}.`,
      focus: "overview",
      reason: "The page's section headings.",
    });
  }
  return out.filter((s) => s.hint.length >= 3 && s.hint.length <= 1000).slice(0, 6);
}

export const suggestOperation = defineOperation({
  id: "storyboards.suggest",
  summary: "Suggest storyboard hints for a site",
  description:
    "Reads the site's start page (through the same address checks as POST /storyboards: url_*, site_not_allowed; redirects are checked hop by hop) and answers up to six hints to plan it with: a tour of its main navigation, each main page first, its main call to action, and its sign-in when it has one. Synchronous and offline (rules over the page, no model); nothing is stored and no time is used.",
  body: SuggestBody,
  responses: { 200: Suggestions },
  errors: ["site_not_allowed", "url_invalid", "url_malformed", "url_private"],
  async handler({ deps, body }) {
    const { url, html } = await fetchStartPage(deps, body.url);
    const outline = readPage(html, url);
    return ok({ url: url.href, siteName: outline.siteName, suggestions: suggestHints(outline) });
  },
});
