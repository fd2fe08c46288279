import type { MarketingTemplate } from "./schemas.js";

/**
 * System templates for marketing videos, sorted by id. Each is a scene outline the generator fills
 * from the scanned website, offered in a few fixed lengths (others are unsupported_duration).
 */
export const MARKETING_TEMPLATES: readonly MarketingTemplate[] = [
  {
    id: "customer-quote",
    name: "Customer quote",
    description: "Social proof: testimonials found on the website, shown over the product, ending on a call to action.",
    orientation: "square",
    orientations: ["square", "portrait", "landscape"],
    defaultSeconds: 30,
    durations: [15, 30, 45],
    speeds: [0.9, 1, 1.1],
    captionStyle: "classic",
    demoFootage: "optional",
    scenes: ["hook", "quote", "quote", "proof", "call_to_action"],
  },
  {
    id: "demo-tour",
    name: "Demo tour",
    description:
      "The product in use: a hook, then a stretch of one of your walkthrough renders as footage, a key feature and a call to action. Needs a walkthrough render (a render source, or `demo`).",
    orientation: "landscape",
    orientations: ["landscape", "square"],
    defaultSeconds: 45,
    durations: [30, 45, 60],
    speeds: [0.9, 1, 1.1],
    captionStyle: "classic",
    demoFootage: "required",
    scenes: ["hook", "reveal", "feature", "call_to_action"],
  },
  {
    id: "explainer",
    name: "Explainer",
    description:
      "How it works: the problem, then the product in three steps, then a call to action. For landing pages and onboarding.",
    orientation: "landscape",
    orientations: ["landscape", "square"],
    defaultSeconds: 90,
    durations: [45, 60, 90, 120],
    speeds: [0.9, 1, 1.1],
    captionStyle: "classic",
    demoFootage: "optional",
    scenes: ["problem", "reveal", "step", "step", "step", "call_to_action"],
  },
  {
    id: "feature-highlight",
    name: "Feature highlight",
    description:
      "One feature in depth: what it does, why it matters, where to try it. For release notes and changelogs.",
    orientation: "landscape",
    orientations: ["landscape", "portrait", "square"],
    defaultSeconds: 30,
    durations: [15, 30, 45],
    speeds: [0.9, 1, 1.1, 1.25],
    captionStyle: "karaoke",
    demoFootage: "optional",
    scenes: ["hook", "feature", "proof", "call_to_action"],
  },
  {
    id: "product-launch",
    name: "Product launch",
    description:
      "Announce a product or major release: a hook, the problem, the reveal, three key features and a call to action.",
    orientation: "landscape",
    orientations: ["landscape", "portrait", "square"],
    defaultSeconds: 60,
    durations: [30, 45, 60, 90],
    speeds: [0.9, 1, 1.1, 1.25],
    captionStyle: "classic",
    demoFootage: "optional",
    scenes: ["hook", "problem", "reveal", "feature", "feature", "feature", "call_to_action"],
  },
  {
    id: "social-teaser",
    name: "Social teaser",
    description:
      "A fast vertical teaser for short-video feeds: a hook, the reveal and a call to action, captioned for muted viewing.",
    orientation: "portrait",
    orientations: ["portrait", "square"],
    defaultSeconds: 15,
    durations: [10, 15, 30],
    speeds: [1, 1.1, 1.25],
    captionStyle: "bold",
    demoFootage: "none",
    scenes: ["hook", "reveal", "call_to_action"],
  },
];
