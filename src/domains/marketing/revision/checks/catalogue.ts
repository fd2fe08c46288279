import { MUSIC_TEMPOS } from "../../../../media/music/tempo.js";
import type { CampaignDocument } from "../../../../pipelines/marketing/campaign/document.js";
import type { RevisionRules } from "../context.js";
import { refuse } from "../refusal.js";

/** "en-US" and "en" speak the same language: only the primary subtag is compared. */
const primaryLanguage = (tag: string): string => (tag.split("-")[0] ?? "").toLowerCase();

/**
 * Every catalogue id the document names is in the catalogue. Codes (decision 0033): a voice is
 * `voice_unknown` and a voice that does not speak the site's language `voice_language` (only when the
 * video speaks), a caption style
 * `caption_style_unknown`, as the render options answer them; a font or a music mood has no code of its
 * own in the spec: a setting the catalogue lacks is `settings_invalid`, with its path.
 */
export function checkCatalogue(doc: CampaignDocument, rules: Pick<RevisionRules, "catalogue" | "source">): void {
  const { catalogue } = rules;
  for (const role of ["heading", "body"] as const) {
    const fontId = doc.style.fonts[role];
    if (!catalogue.fonts.some((f) => f.id === fontId)) {
      refuse("settings_invalid", `/style/fonts/${role}`, "is not a catalogue font", { fontId });
    }
  }
  const { voiceId } = doc.sound;
  const voice = catalogue.voices.find((v) => v.id === voiceId);
  if (!voice) refuse("voice_unknown", "/sound/voiceId", "is not a catalogue voice", { voiceId });
  const language = rules.source.language;
  const speaks = doc.sound.audioMode === "voice_and_music" || doc.sound.audioMode === "voice_only";
  if (speaks && language && primaryLanguage(voice.language) !== primaryLanguage(language)) {
    refuse("voice_language", "/sound/voiceId", "does not speak the site's language", {
      voiceId,
      voiceLanguage: voice.language,
      language,
    });
  }
  const { style } = doc.style.captions;
  if (!catalogue.captionStyles.some((s) => s.id === style)) {
    refuse("caption_style_unknown", "/style/captions/style", "is not a catalogue caption style", {
      style,
      styles: catalogue.captionStyles.map((s) => s.id),
    });
  }
  const { mood } = doc.sound.music;
  // A mood must also have a tempo: the music generator cannot make a bed for one it has no tempo for.
  if (!catalogue.moods.includes(mood) || !Object.hasOwn(MUSIC_TEMPOS, mood)) {
    refuse("settings_invalid", "/sound/music/mood", "is not a catalogue music mood", {
      mood,
      moods: catalogue.moods.filter((m) => Object.hasOwn(MUSIC_TEMPOS, m)),
    });
  }
}
