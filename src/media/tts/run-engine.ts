import { execFile } from "node:child_process";
import { type Synthesis, SynthesisFailedError, TtsUnavailableError } from "./engine.js";
import { parseWav, trimEdgeSilence } from "./wav.js";

/** Below this peak (about -60 dBFS) the output is taken as silence: nothing in the text was speakable. */
const SILENCE_PEAK = 0.001;

export interface RunEngineOptions {
  timeoutMs: number;
  /** Written to the program's standard input, which is then closed. */
  stdin?: string;
}

/**
 * Runs a speech program; any way it fails to run (missing, not executable, timed out, non-zero exit)
 * is unavailability, reported as `<name> <why>`.
 */
export function runEngine(name: string, binary: string, args: string[], opts: RunEngineOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      binary,
      args,
      { timeout: opts.timeoutMs, killSignal: "SIGKILL", maxBuffer: 1 << 20 },
      (err, _stdout, stderr) => {
        if (!err) return resolve();
        const e = err as NodeJS.ErrnoException & { killed?: boolean; code?: string | number };
        const why =
          e.code === "ENOENT"
            ? "not installed"
            : e.killed
              ? `timed out after ${opts.timeoutMs} ms`
              : `failed (${String(e.code ?? e.message)}): ${String(stderr).trim().slice(0, 200)}`;
        reject(new TtsUnavailableError(`${name} ${why}`));
      },
    );
    if (opts.stdin !== undefined) {
      // A program that exits before reading everything closes the pipe: that is its exit's story, not ours.
      child.stdin?.on("error", () => {});
      child.stdin?.end(opts.stdin, "utf8");
    }
  });
}

/**
 * The engine's WAV output as a Synthesis, its padding before and after the speech cut (trimEdgeSilence),
 * so the duration is the line's spoken length; silence means the text had nothing speakable.
 */
export function synthesisOf(name: string, output: Buffer): Synthesis {
  const buffer = trimEdgeSilence(output);
  const info = parseWav(buffer);
  if (!info) throw new TtsUnavailableError(`${name} wrote something other than a PCM WAV file`);
  if (info.durationSeconds <= 0 || info.peak < SILENCE_PEAK) {
    throw new SynthesisFailedError("the text produced no audible speech");
  }
  return {
    buffer,
    contentType: "audio/wav",
    extension: "wav",
    durationSeconds: info.durationSeconds,
    sampleRate: info.sampleRate,
  };
}
