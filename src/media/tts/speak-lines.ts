import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { RunControl } from "../ffmpeg/run.js";
import { speechAtSpeed } from "./at-speed.js";
import { SynthesisFailedError, type TtsEngine, type TtsVoice } from "./engine.js";
import { parseWav } from "./wav.js";

/** A line as a WAV file; `wavPath` null when the line gave no speech (nothing speakable, or empty). */
export interface SpokenLine {
  wavPath: string | null;
  /** Its length as written, at the speed (0 for no speech). */
  durationSeconds: number;
}

export interface SpeakOptions {
  /** Where the WAVs are written. */
  dir: string;
  /** 1 is the voice as it speaks; otherwise each line is stretched to 1/speed of its length (at-speed.ts). */
  speed?: number;
  /** File name of line `i` (0-based); default `line-01.wav`, … */
  fileName?: (i: number) => string;
  /** Awaited before each line is written: where a cancelled job stops. */
  checkpoint?: () => Promise<void>;
  control?: RunControl;
}

const defaultName = (i: number): string => `line-${String(i + 1).padStart(2, "0")}.wav`;

/**
 * Speaks every line, in one engine run when the engine can (festival loads its voice once for all), else
 * one run at a time. Empty lines, and lines the engine finds nothing speakable in, answer no WAV instead
 * of failing the rest; an engine that cannot run at all rejects with TtsUnavailableError.
 */
export async function speakLines(
  engine: TtsEngine,
  voice: TtsVoice,
  texts: readonly string[],
  opts: SpeakOptions,
): Promise<SpokenLine[]> {
  const speed = opts.speed ?? 1;
  const name = opts.fileName ?? defaultName;
  const speakable = texts.map((t) => t.trim());
  const batch = engine.synthesizeMany
    ? await engine.synthesizeMany(
        speakable.filter((t) => t.length > 0),
        voice,
      )
    : null;
  let next = 0;
  const out: SpokenLine[] = [];
  for (const [i, text] of speakable.entries()) {
    await opts.checkpoint?.();
    if (!text) {
      out.push({ wavPath: null, durationSeconds: 0 });
      continue;
    }
    try {
      const speech = batch ? batch[next++] : await engine.synthesize(text, voice);
      if (!speech || speech instanceof SynthesisFailedError) throw speech ?? new SynthesisFailedError("no speech");
      const wavPath = join(opts.dir, name(i));
      if (speed === 1) {
        await writeFile(wavPath, speech.buffer);
        out.push({ wavPath, durationSeconds: speech.durationSeconds });
        continue;
      }
      const asSpoken = `${wavPath}.speed1.wav`;
      await writeFile(asSpoken, speech.buffer);
      try {
        await speechAtSpeed(asSpoken, speed, wavPath, opts.control);
      } finally {
        await rm(asSpoken, { force: true });
      }
      out.push({ wavPath, durationSeconds: parseWav(await readFile(wavPath))?.durationSeconds ?? 0 });
    } catch (err) {
      if (!(err instanceof SynthesisFailedError)) throw err;
      out.push({ wavPath: null, durationSeconds: 0 });
    }
  }
  return out;
}
