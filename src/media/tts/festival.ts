import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type Synthesis,
  SynthesisFailedError,
  type SynthesisOptions,
  type TtsEngine,
  TtsUnavailableError,
  type TtsVoice,
} from "./engine.js";
import { batchScript } from "./festival-batch.js";
import { runEngine, synthesisOf } from "./run-engine.js";

const DEFAULT_TIMEOUT_MS = 20_000;
/** A batch may take the single-line bound plus this much per line. */
const BATCH_MS_PER_LINE = 5_000;
/** Festival resamples its output to this rate itself (`-F`), the rate the narration track is mixed at. */
const OUTPUT_SAMPLE_RATE = 48_000;
/**
 * The HTS engine's speaking-rate factor (`-r`, 1 = the voice as trained, larger is faster). 0.98 lands
 * presenter lines of 15–30 words at about 150 words per minute of speech (edge silences cut), the pace
 * the planner's 2.5 words a second assumes (docs/decisions/0020-no-dead-air.md). Its pauses at commas
 * and full stops stay under 0.5 s at this rate, so they are left as the voice makes them.
 */
const HTS_SPEED = 0.98;
/** Festival voice names as `(voice.list)` prints them; anything else never reaches its Scheme. */
const VOICE_NAME = /^[a-z0-9_]+$/;

/**
 * Festival as a TtsEngine: `text2wave -F 48000 -eval (voice_<name>) -eval <rate> -o <out.wav>` with the
 * text on standard input. text2wave evaluates only the `-eval` arguments, which are built here from a
 * checked voice name and a constant; the text itself is read as plain text to speak (text mode, no
 * markup), so brackets, quotes and semicolons in it are words and punctuation, never Scheme.
 */
export class FestivalEngine implements TtsEngine {
  readonly name = "festival";

  constructor(
    private readonly binary: string = "text2wave",
    private readonly defaultTimeoutMs: number = DEFAULT_TIMEOUT_MS,
  ) {}

  async synthesize(text: string, voice: TtsVoice, opts: SynthesisOptions = {}): Promise<Synthesis> {
    if (voice.engine !== "festival") throw new TtsUnavailableError(`festival cannot speak ${voice.engine} voices`);
    if (!VOICE_NAME.test(voice.engineVoice)) throw new TtsUnavailableError("festival voice name is not a voice name");
    const dir = await mkdtemp(join(tmpdir(), "cw-tts-"));
    try {
      const wavPath = join(dir, "out.wav");
      await runEngine(
        "festival",
        this.binary,
        [
          "-F",
          String(OUTPUT_SAMPLE_RATE),
          "-eval",
          `(voice_${voice.engineVoice})`,
          ...rateArgs(voice.engineVoice),
          "-o",
          wavPath,
        ],
        { timeoutMs: opts.timeoutMs ?? this.defaultTimeoutMs, stdin: plainText(text) },
      );
      // An unknown voice is a Scheme error festival reports on stderr while exiting 0, writing nothing.
      const buffer = await readFile(wavPath).catch(() => {
        throw new TtsUnavailableError(`festival wrote no audio file (is voice ${voice.engineVoice} installed?)`);
      });
      // Text with no words at all leaves an empty file.
      if (buffer.length === 0) throw new SynthesisFailedError("the text produced no audible speech");
      return synthesisOf("festival", buffer);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  /** Every line in one festival run (festival-batch.ts): the voice is loaded once, not once a line. */
  async synthesizeMany(
    texts: readonly string[],
    voice: TtsVoice,
    opts: SynthesisOptions = {},
  ): Promise<(Synthesis | SynthesisFailedError)[]> {
    if (voice.engine !== "festival") throw new TtsUnavailableError(`festival cannot speak ${voice.engine} voices`);
    if (!VOICE_NAME.test(voice.engineVoice)) throw new TtsUnavailableError("festival voice name is not a voice name");
    if (texts.length === 0) return [];
    const dir = await mkdtemp(join(tmpdir(), "cw-tts-"));
    try {
      const lines = texts.map((_t, i) => ({
        textPath: join(dir, `line-${i + 1}.txt`),
        wavPath: join(dir, `line-${i + 1}.wav`),
      }));
      await Promise.all(lines.map((l, i) => writeFile(l.textPath, plainText(texts[i] as string))));
      let program: string;
      try {
        program = batchScript(lines, OUTPUT_SAMPLE_RATE);
      } catch {
        // A temporary directory whose path cannot be a plain Scheme string: one run per line instead.
        return await Promise.all(texts.map((t) => this.synthesize(t, voice, opts).catch(failedOrThrow)));
      }
      const script = join(dir, "batch.scm");
      await writeFile(script, program);
      await runEngine(
        "festival",
        this.binary,
        ["-eval", `(voice_${voice.engineVoice})`, ...rateArgs(voice.engineVoice), "-eval", script],
        { timeoutMs: (opts.timeoutMs ?? this.defaultTimeoutMs) + BATCH_MS_PER_LINE * texts.length, stdin: "" },
      );
      return await Promise.all(
        lines.map(async (l) => {
          const buffer = await readFile(l.wavPath).catch(() => {
            throw new TtsUnavailableError(`festival wrote no audio file (is voice ${voice.engineVoice} installed?)`);
          });
          if (buffer.length === 0) return new SynthesisFailedError("the text produced no audible speech");
          try {
            return synthesisOf("festival", buffer);
          } catch (err) {
            return failedOrThrow(err);
          }
        }),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

/** A line that gave no speech is that line's answer; anything else fails the batch. */
function failedOrThrow(err: unknown): SynthesisFailedError {
  if (err instanceof SynthesisFailedError) return err;
  throw err;
}

/** Selecting an HTS voice sets its engine parameters; the rate is appended after. Other voices keep theirs. */
const rateArgs = (name: string): string[] =>
  name.endsWith("_hts") ? ["-eval", `(set! hts_engine_params (append hts_engine_params '(("-r" ${HTS_SPEED}))))`] : [];

/** One line of plain text: control characters (which festival's reader would see raw) become spaces. */
function plainText(text: string): string {
  return `${text
    .normalize("NFC")
    .replace(/\p{Cc}+/gu, " ")
    .trim()}\n`;
}
