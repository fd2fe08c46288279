import type { CampaignPalette, CampaignScene, SceneKind } from "../../src/pipelines/marketing/campaign/document.js";
import { TEXT_CAPS } from "../../src/pipelines/marketing/campaign/limits.js";

/**
 * Scenes for the scene-layout tests and the look script (bench/scenes-look.ts): each kind with the copy
 * of a real landing page (Start Bootstrap's Grayscale), and each kind with every field at its cap in
 * ordinary words, the worst case the layouts promise to hold.
 */

export const DARK_PALETTE: CampaignPalette = {
  background: "#101214",
  text: "#f4f6f5",
  primary: "#64a19d",
  primaryText: "#0b0d0e",
  accent: "#64a19d",
};

export const LIGHT_PALETTE: CampaignPalette = {
  background: "#ffffff",
  text: "#0f172a",
  primary: "#4f46e5",
  primaryText: "#ffffff",
  accent: "#f59e0b",
};

type Copy = Pick<CampaignScene, "headline" | "body" | "cta" | "quote"> & { visual: CampaignScene["visual"] };

const shot = (assetId = "screenshot-1"): CampaignScene["visual"] => ({ type: "screenshot", assetId });
const plate: CampaignScene["visual"] = { type: "plate" };
const none = { cta: null, quote: null };

/** Grayscale's own words (its hero, its sections, its sign-up), one scene of each kind. */
export const GRAYSCALE_COPY: Record<SceneKind, Copy> = {
  hook: {
    headline: "Grayscale",
    body: "A free, responsive, one page Bootstrap theme created by Start Bootstrap.",
    ...none,
    visual: shot(),
  },
  problem: {
    headline: "A one page site should not take weeks to build",
    body: "Start from a theme that already works responsively, on every screen.",
    ...none,
    visual: plate,
  },
  reveal: {
    headline: "Meet Grayscale",
    body: "A free, responsive, one page Bootstrap theme.",
    ...none,
    visual: shot(),
  },
  feature: {
    headline: "Built with Bootstrap 5",
    body: "Grayscale is open source and MIT licensed. This means you can use it for any project - even commercial projects!",
    ...none,
    visual: shot("screenshot-2"),
  },
  step: {
    headline: "Download it, customize it, and publish your website",
    body: "These sections work well responsively as well!",
    ...none,
    visual: shot("screenshot-2"),
  },
  quote: {
    headline: null,
    body: null,
    cta: null,
    quote: {
      text: "Another example of a project with its respective description. These sections work well responsively as well!",
      author: "Start Bootstrap",
    },
    visual: plate,
  },
  proof: {
    headline: "100% free and open source",
    body: "MIT licensed: use it for any project, even commercial projects.",
    ...none,
    visual: plate,
  },
  pricing: {
    headline: "$0 for every project",
    body: "Download it, customize it, and publish your website.",
    cta: { text: "Download Grayscale", url: "https://startbootstrap.com/theme/grayscale/" },
    quote: null,
    visual: plate,
  },
  faq: {
    headline: "Can I use it for commercial projects?",
    body: "Yes. Grayscale is open source and MIT licensed, so you can use it for any project.",
    ...none,
    visual: plate,
  },
  call_to_action: {
    headline: "Subscribe to receive updates!",
    body: null,
    cta: { text: "Get Grayscale", url: "https://startbootstrap.com/theme/grayscale/" },
    quote: null,
    visual: plate,
  },
};

const WORDS =
  "Teams plan every release together, track the work that matters and share clear progress with the customers they serve each week without extra meetings or long status reports".split(
    " ",
  );

/** Ordinary words up to `cap` characters (the last word that fits ends it). */
export function wordsToCap(cap: number, offset = 0): string {
  let text = "";
  for (let i = offset; ; i++) {
    const word = WORDS[i % WORDS.length] as string;
    const next = text ? `${text} ${word}` : word;
    if (next.length > cap) return text;
    text = next;
  }
}

/** Every field of a kind at its cap (the visual as Grayscale's), the worst case a layout holds. */
export function cappedCopy(kind: SceneKind): Copy {
  const visual = GRAYSCALE_COPY[kind].visual;
  return {
    headline: wordsToCap(TEXT_CAPS.headline),
    body: wordsToCap(TEXT_CAPS.body, 5),
    cta: { text: wordsToCap(TEXT_CAPS.ctaText, 9), url: "https://startbootstrap.com/theme/grayscale/" },
    quote: { text: wordsToCap(TEXT_CAPS.quoteText, 3), author: wordsToCap(TEXT_CAPS.quoteAuthor, 12) },
    visual,
  };
}

export function sceneOf(kind: SceneKind, copy: Copy, id = `sc-${kind}`): CampaignScene {
  return { id, kind, hidden: false, seconds: 4, narration: "", ...copy };
}
