/** A voice of an installed speech engine. */
export interface Voice {
  /** `<engine>:<engine voice>`, e.g. `espeak-ng:en-us`; stable across runs and machines with the same engine. */
  id: string;
  name: string;
  /** BCP 47 tag of the voice's own language, e.g. `en-US`. */
  language: string;
  /** Every tag it can narrate: its own, the bare language, and the engine's aliases (`en-US`, `en`). */
  languages: string[];
  gender: "female" | "male" | "neutral";
  engine: "espeak-ng" | "festival";
  /** What the engine is asked for (`espeak-ng -v <engineVoice>`). Internal: never published. */
  engineVoice: string;
  /** The engine's preference for this voice per language (lower-cased tag → rank, lower first). Internal. */
  ranks: Record<string, number>;
}
