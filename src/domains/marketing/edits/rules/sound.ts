import type { AudioMode, RevisionOperation } from "../../../../pipelines/marketing/campaign/document.js";
import { editDistance } from "../typo.js";
import { firstMatch, type Rule } from "./rule.js";

/**
 * Sound: the audio mode ("no music", "music only", "silent", "bring the music back"), the music's mood
 * (a catalogue mood by name, or one step calmer or livelier) and volume (a tenth up or down, or a
 * percentage), and the voice (by gender in the current voice's language, by name, or the next one).
 */

const NO_MUSIC =
  /^(?:(?:remove|drop|lose|kill|cut|mute|turn off|disable|stop|ditch|get rid of|take out|delete|skip) (?:the )?music|(?:no|without) music|music off|(?:turn|switch) (?:the )?music off|no more music|silence the music)$/;
const NO_VOICE =
  /^(?:(?:remove|drop|lose|kill|cut|mute|turn off|disable|ditch|get rid of|take out|delete|skip) (?:the )?(?:voice|narration)|(?:no|without) (?:voice|narration|talking|speaking)|(?:voice|narration) off|music only|only music)$/;
const SILENT =
  /^(?:(?:make it )?silent|mute(?: it| everything| all| the sound| the audio)?|no (?:sound|audio)|(?:remove|turn off|kill) (?:the |all )?(?:sound|audio))$/;
const ADD_MUSIC =
  /^(?:(?:add|bring back|put back|turn on|enable|include|want|use) (?:some |the |a )?music(?: back)?|(?:bring|put) (?:the )?music back|with music|music (?:on|back))$/;
const ADD_VOICE =
  /^(?:(?:add|bring back|put back|turn on|enable|include|want) (?:a |the )?(?:voice|narration)(?: back)?|(?:bring|put) (?:the )?(?:voice|narration) back|with (?:voice|narration)|(?:voice|narration) (?:on|back)|voice only|narration only)$/;

function audioMode(text: string, current: AudioMode): AudioMode | null {
  const voice = current === "voice_and_music" || current === "voice_only";
  const music = current === "voice_and_music" || current === "music_only";
  if (SILENT.test(text)) return "silent";
  if (/^(?:voice only|narration only)$/.test(text)) return "voice_only";
  if (NO_MUSIC.test(text)) return voice ? "voice_only" : "silent";
  if (NO_VOICE.test(text)) return /only/.test(text) ? "music_only" : music ? "music_only" : "silent";
  if (ADD_MUSIC.test(text)) return voice ? "voice_and_music" : "music_only";
  if (ADD_VOICE.test(text)) return music ? "voice_and_music" : "voice_only";
  return null;
}

export const audioModeRule: Rule = (clause, ctx) => {
  const mode = audioMode(clause.text, ctx.doc.sound.audioMode);
  return mode === null ? null : [{ op: "set_audio_mode", audioMode: mode }];
};

const CALMER =
  /^(?:(?:make )?(?:the )?music )?(?:calmer|more calm|more relaxed|softer mood|mellower|more chill|chiller|less energetic|less intense|less upbeat|gentler|more laid back)(?: music)?$/;
const LIVELIER =
  /^(?:(?:make )?(?:the )?music )?(?:livelier|more lively|more energetic|more upbeat|more energy|more exciting|more intense|punchier|peppier|happier|more fun|less calm|less boring|more hype)(?: music)?$/;
const MOOD =
  /^(?:(?:use|make|set|change|switch|want|try|go with|play|pick) )?(?:the )?(?:music )?(?:(?:mood )?(?:to |into |as )?)?(?:a |an |some )?(.+?)(?: music| mood| track| vibe| song| tune)+$/;
const QUIETER = [
  /^(?:make )?(?:the )?music (?:quieter|softer|lower|less loud|down)$/,
  /^(?:(?:make|want) )?(?:a |an )?(?:quieter|softer|lower) music$/,
  /^(?:turn|bring|dial) (?:the )?music down$/,
  /^(?:turn|bring|dial) down (?:the )?music$/,
  /^(?:lower|reduce|decrease) (?:the )?music(?: volume)?$/,
];
const LOUDER = [
  /^(?:make )?(?:the )?music (?:louder|higher|up|more present)$/,
  /^(?:(?:make|want) )?(?:a |an )?louder music$/,
  /^(?:turn|bring|dial) (?:the )?music up$/,
  /^(?:turn|bring|dial) up (?:the )?music$/,
  /^(?:raise|increase|boost) (?:the )?music(?: volume)?$/,
];
const VOLUME = /^(?:(?:set|make|turn|put|change) )?(?:the )?music(?: volume)? (?:to |at )?(\d+)%$/;

export const musicRule: Rule = (clause, ctx) => {
  const text = clause.text;
  const { moods } = ctx.input.catalogue;
  const { mood, volume } = ctx.doc.sound.music;
  const at = moods.indexOf(mood);
  const step = (dir: number): RevisionOperation[] | null => {
    const next = moods[Math.min(moods.length - 1, Math.max(0, Math.max(at, 0) + dir))];
    return next === undefined ? null : [{ op: "set_music", mood: next }];
  };
  // "more upbeat" names a mood: that mood when it is livelier than the current one, else one step.
  const comparative = text.match(/^(?:(?:make )?(?:the )?music )?(?:more|a more) (\S+)(?: music)?$/)?.[1];
  const namedIndex = comparative === undefined ? -1 : moods.indexOf(comparative);
  if (namedIndex > at) return [{ op: "set_music", mood: moods[namedIndex] as string }];
  if (CALMER.test(text)) return step(-1);
  if (LIVELIER.test(text)) return step(1);
  const vol = (v: number): RevisionOperation[] => [
    { op: "set_music", volume: Math.round(Math.min(1, Math.max(0, v)) * 100) / 100 },
  ];
  if (QUIETER.some((p) => p.test(text))) return vol(volume - 0.1);
  if (LOUDER.some((p) => p.test(text))) return vol(volume + 0.1);
  const pct = text.match(VOLUME);
  if (pct) return Number(pct[1]) <= 100 ? vol(Number(pct[1]) / 100) : null;
  const named = text.match(MOOD)?.[1];
  if (named !== undefined) {
    const hit = moods.filter((m) => m === named || (named.length >= 4 && editDistance(m, named) <= 1));
    if (hit.length === 1) return [{ op: "set_music", mood: hit[0] as string }];
  }
  return null;
};

const GENDER =
  /^(?:(?:use|want|switch to|change to|try|go with|get|give it|make it|have|pick) )?(?:it )?(?:to )?(?:a |an |the )?(?:different |other )?(female|male)(?: voice| narration)?(?: instead)?$/;
const VOICE_CHANGE = /^(?:change|switch|swap)(?: the)? voice to (?:a |an )?(female|male)(?: one| voice)?$/;
const NEXT =
  /^(?:(?:use|try|want|pick|switch to|give it) )?(?:a |an )?(?:different|another|new|other) voice$|^(?:change|switch|swap) (?:the )?voice$/;
const NAMED =
  /^(?:(?:use|try|want|pick|switch to|change to|go with) )?(?:the )?(?:voice )?(.+?)(?: voice| as (?:the )?voice)?$|^(?:(?:change|set|switch) )?(?:the )?voice (?:to )?(.+)$/;

export const voiceRule: Rule = (clause, ctx) => {
  const { voices } = ctx.input.catalogue;
  const current = voices.find((v) => v.id === ctx.doc.sound.voiceId);
  const language = current?.language;
  const sameLanguage = voices.filter((v) => language === undefined || v.language === language);
  const text = clause.text;
  const gender = firstMatch(text, [GENDER, VOICE_CHANGE]);
  if (gender) {
    const wanted = gender[1] as "female" | "male";
    const different = /different|other/.test(text);
    const pick = sameLanguage.find((v) => v.gender === wanted && !(different && v.id === current?.id));
    return pick ? [{ op: "set_voice", voiceId: pick.id }] : null;
  }
  if (NEXT.test(text)) {
    const others = sameLanguage.filter((v) => v.id !== current?.id);
    const after = sameLanguage.slice(sameLanguage.findIndex((v) => v.id === current?.id) + 1);
    const next = after.find((v) => v.id !== current?.id) ?? others[0];
    return next ? [{ op: "set_voice", voiceId: next.id }] : null;
  }
  if (!/voice/.test(text)) return null;
  const m = text.match(NAMED);
  const name = (m?.[1] ?? m?.[2] ?? "").trim();
  const hits = voices.filter((v) => v.name.toLowerCase() === name || v.id.toLowerCase() === name);
  return hits.length === 1 ? [{ op: "set_voice", voiceId: (hits[0] as { id: string }).id }] : null;
};
