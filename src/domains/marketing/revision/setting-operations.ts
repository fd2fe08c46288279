import { upperHex } from "../../../pipelines/marketing/campaign/brand-look.js";
import type { Steps } from "./operation-step.js";
import { refuse } from "./refusal.js";

/**
 * The operations on style, sound and export: each sets what it names. Whether the value is offered (a
 * speed, an orientation, a font, a voice…) is the checks' question (check.ts), asked of the document the
 * operations made, so a value is refused with the same code however it got there.
 */
export const SETTING_STEPS: Steps<
  | "set_speed"
  | "set_palette"
  | "use_brand"
  | "set_font"
  | "set_logo"
  | "set_captions"
  | "set_orientation"
  | "set_voice"
  | "set_audio_mode"
  | "set_music"
> = {
  set_speed(doc, op) {
    doc.sound.speed = op.speed;
  },
  set_palette(doc, op) {
    doc.style.palette[op.role] = upperHex(op.hex);
  },
  use_brand(doc, op, at, rules) {
    const look = rules.brands[op.from];
    if (!look) refuse("brand_kit_required", `${at}/from`, "the account has no brand kit");
    if (look.palette) doc.style.palette = { ...look.palette };
    if (look.fonts) doc.style.fonts = { ...look.fonts };
    if (look.logo) doc.style.logo = { ...doc.style.logo, ...look.logo };
  },
  set_font(doc, op) {
    doc.style.fonts[op.role] = op.fontId;
  },
  set_logo(doc, op) {
    if (op.scale !== undefined) doc.style.logo.scale = op.scale;
    if (op.hidden !== undefined) doc.style.logo.hidden = op.hidden;
  },
  set_captions(doc, op) {
    if (op.enabled !== undefined) doc.style.captions.enabled = op.enabled;
    if (op.style !== undefined) doc.style.captions.style = op.style;
  },
  set_orientation(doc, op) {
    doc.export.orientation = op.orientation;
  },
  set_voice(doc, op) {
    doc.sound.voiceId = op.voiceId;
  },
  set_audio_mode(doc, op) {
    doc.sound.audioMode = op.audioMode;
  },
  set_music(doc, op) {
    if (op.mood !== undefined) doc.sound.music.mood = op.mood;
    if (op.volume !== undefined) doc.sound.music.volume = op.volume;
  },
};
