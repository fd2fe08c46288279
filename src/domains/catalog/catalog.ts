import { languageName } from "./language-tags.js";
import { MARKETING_TEMPLATES } from "./marketing-templates.js";
import { PLANS, type Plan } from "./plans.js";
import { AVATARS, BACKGROUNDS, CAPTION_STYLES, CAPTURES, ORIENTATIONS } from "./render-options.js";
import type { LanguageOption, MarketingTemplate, RenderOptions } from "./schemas.js";
import type { Voice } from "./voice.js";
import { compareIds, detectVoices, type EngineBinaries } from "./voices.js";

export type { Plan } from "./plans.js";
export type { LanguageOption, MarketingTemplate, RenderOptions } from "./schemas.js";
export type { Voice } from "./voice.js";

/** What a request that names no option gets. Voice and language are null when no engine is installed. */
export interface RenderDefaults {
  avatar: string;
  background: string;
  captionStyle: string;
  capture: string;
  orientation: string;
  voiceId: string | null;
  language: string | null;
}

/** The fixed lists of the service, loaded once at start (voices depend on what is installed). */
export interface Catalog {
  plans: readonly Plan[];
  voices: readonly Voice[];
  renderOptions: RenderOptions;
  marketingTemplates: readonly MarketingTemplate[];
  defaults: RenderDefaults;
}

/**
 * The service's product defaults, best first: festival's natural US English voice (Debian
 * festvox-us-slt-hts), then espeak-ng's; any English voice stands in when neither is installed.
 */
const PREFERRED_VOICES = ["festival:cmu_us_slt_arctic_hts", "espeak-ng:en-us"] as const;
/** The voice a machine with every engine installed defaults to (the start-up check warns when it is missing). */
export const NATURAL_ENGLISH_VOICE = PREFERRED_VOICES[0];

const sameTag = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();
export const voiceSpeaks = (voice: Voice, language: string): boolean =>
  voice.languages.some((l) => sameTag(l, language));
export const findVoice = (catalog: Catalog, id: string): Voice | undefined => catalog.voices.find((v) => v.id === id);
/** Language entry for a tag, compared case-insensitively (BCP 47 tags are). */
export const findLanguage = (catalog: Catalog, tag: string): LanguageOption | undefined =>
  catalog.renderOptions.languages.find((l) => sameTag(l.id, tag));
export const voicesFor = (catalog: Catalog, language: string): Voice[] =>
  catalog.voices.filter((v) => voiceSpeaks(v, language));

/**
 * Best voice for a language: the service default if it speaks it, then voices whose own language it
 * is, then the engine's rank for that language, then id (so the choice is stable).
 */
function pickVoice(voices: readonly Voice[], language: string, defaultVoiceId: string | null): Voice | undefined {
  const rank = (v: Voice) =>
    [
      v.id === defaultVoiceId ? 0 : 1,
      sameTag(v.language, language) ? 0 : 1,
      v.ranks[language.toLowerCase()] ?? 99,
    ] as const;
  return [...voices].sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    return ra[0] - rb[0] || ra[1] - rb[1] || ra[2] - rb[2] || compareIds(a.id, b.id);
  })[0];
}

/** Languages are whatever the installed voices can narrate, so every listed language has a voice. */
function buildLanguages(
  voices: readonly Voice[],
  defaults: { voiceId: string | null; language: string | null },
): LanguageOption[] {
  const tags = [...new Set(voices.flatMap((v) => v.languages))].sort((a, b) =>
    compareIds(a.toLowerCase(), b.toLowerCase()),
  );
  return tags.flatMap((tag) => {
    const speakers = voices.filter((v) => voiceSpeaks(v, tag));
    const best = pickVoice(speakers, tag, defaults.voiceId);
    if (!best) return [];
    const own = speakers.find((v) => sameTag(v.language, tag));
    return [
      {
        id: tag,
        name: languageName(tag, own?.name ?? tag),
        voiceCount: speakers.length,
        defaultVoiceId: best.id,
        isDefault: tag === defaults.language,
      },
    ];
  });
}

const defaultId = (entries: readonly { id: string; isDefault: boolean }[]): string =>
  entries.find((e) => e.isDefault)?.id ?? "";

/** Pure assembly from a voice list; tests and other domains build catalogues with fixed voices through it. */
export function buildCatalog(voiceList: readonly Voice[]): Catalog {
  const voices = [...voiceList].sort((a, b) => compareIds(a.id, b.id));
  const english = voices.filter((v) => voiceSpeaks(v, "en"));
  const preferred = PREFERRED_VOICES.map((id) => voices.find((v) => v.id === id)).find((v) => v !== undefined);
  const voice = preferred ?? pickVoice(english, "en", null) ?? voices[0];
  const defaults: RenderDefaults = {
    avatar: defaultId(AVATARS),
    background: defaultId(BACKGROUNDS),
    captionStyle: defaultId(CAPTION_STYLES),
    capture: defaultId(CAPTURES),
    orientation: defaultId(ORIENTATIONS),
    voiceId: voice?.id ?? null,
    language: voice?.language ?? null,
  };
  return {
    plans: PLANS,
    voices,
    renderOptions: {
      avatars: [...AVATARS],
      backgrounds: [...BACKGROUNDS],
      captionStyles: [...CAPTION_STYLES],
      captures: [...CAPTURES],
      languages: buildLanguages(voices, defaults),
      orientations: [...ORIENTATIONS],
    },
    marketingTemplates: MARKETING_TEMPLATES,
    defaults,
  };
}

/**
 * Reads the installed voice engines (espeak-ng, festival when present) at the configured programs, the
 * ones synthesis runs. Each call runs the engines: the app reads them once and holds the result in its
 * Deps. Never rejects: a missing engine means fewer voices, and the caller decides whether zero voices
 * is acceptable.
 */
export async function loadCatalog(binaries: EngineBinaries): Promise<Catalog> {
  return buildCatalog(await detectVoices(binaries));
}
