/**
 * Caps on the campaign document's text, shared by everything that writes or checks it: the generator
 * shortens source copy to them, a revision or edit past one is refused (never truncated), and every scene
 * layout is drawn to hold a field at its cap at the layout's minimum font size (the Chromium overflow check
 * catches what characters alone cannot: long words, wide glyphs). Lengths are characters of the written form.
 */
export const TEXT_CAPS = {
  coverText: 60,
  headline: 70,
  body: 180,
  ctaText: 40,
  ctaUrl: 2048,
  quoteText: 220,
  quoteAuthor: 60,
  /** One scene's narration: about 25 s of speech, more than any scene of any template holds. */
  narration: 500,
} as const;

/** Scenes per document: the longest template has 7; edits may hide but not add scenes. */
export const MAX_SCENES = 12;

/** A scene is never shorter than this on screen, however little it says. */
export const MIN_SCENE_SECONDS = 1.5;

/**
 * A sentence edit's instruction, as typed (the grammar's bound on the work one sentence may cost, decision
 * 0032); a revision's `origin.instruction` keeps it.
 */
export const MAX_INSTRUCTION_CHARS = 500;

/** Operations in one `POST …/revisions`: an edit makes a handful; more is not one change. */
export const MAX_OPERATIONS = 50;

/** The logo's scale the layouts hold (1 is the layout's own size); the edit grammar steps within it. */
export const LOGO_SCALE = { min: 0.5, max: 2 } as const;

/** A scene holds its narration plus this much, so one scene's speech never runs into the next's. */
export const SCENE_BREATH_SECONDS = 0.4;
