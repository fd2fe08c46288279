import { execFile } from "node:child_process";
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
import { parseWav } from "./wav.js";

const DEFAULT_TIMEOUT_MS = 20_000;
/** Below this peak (about -60 dBFS) the output is taken as silence: nothing in the text was speakable. */
const SILENCE_PEAK = 0.001;

/**
 * espeak-ng as a TtsEngine: `espeak-ng -v <voice> -w <out.wav> -f <text file>`. The text goes through
 * a file, never the argument list, so text starting with `-` is never read as an option; no `-m`, so
 * markup is spoken as text, not interpreted.
 */
export class EspeakEngine implements TtsEngine {
  readonly name = "espeak-ng";

  constructor(
    private readonly binary: string = "espeak-ng",
    private readonly defaultTimeoutMs: number = DEFAULT_TIMEOUT_MS,
  ) {}

  async synthesize(text: string, voice: TtsVoice, opts: SynthesisOptions = {}): Promise<Synthesis> {
    if (voice.engine !== "espeak-ng") throw new TtsUnavailableError(`espeak-ng cannot speak ${voice.engine} voices`);
    const dir = await mkdtemp(join(tmpdir(), "cw-tts-"));
    try {
      const textPath = join(dir, "text.txt");
      const wavPath = join(dir, "out.wav");
      await writeFile(textPath, text, "utf8");
      await run(
        this.binary,
        ["-v", voice.engineVoice, "-w", wavPath, "-f", textPath],
        opts.timeoutMs ?? this.defaultTimeoutMs,
      );
      const buffer = await readFile(wavPath).catch(() => {
        throw new TtsUnavailableError("espeak-ng wrote no audio file");
      });
      const info = parseWav(buffer);
      if (!info) throw new TtsUnavailableError("espeak-ng wrote something other than a PCM WAV file");
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
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

/** Runs the engine; any way it fails to run (missing, not executable, timed out, non-zero exit) is unavailability. */
function run(binary: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      binary,
      args,
      { timeout: timeoutMs, killSignal: "SIGKILL", maxBuffer: 1 << 20 },
      (err, _stdout, stderr) => {
        if (!err) return resolve();
        const e = err as NodeJS.ErrnoException & { killed?: boolean; code?: string | number };
        const why =
          e.code === "ENOENT"
            ? "not installed"
            : e.killed
              ? `timed out after ${timeoutMs} ms`
              : `failed (${String(e.code ?? e.message)}): ${String(stderr).trim().slice(0, 200)}`;
        reject(new TtsUnavailableError(`espeak-ng ${why}`));
      },
    );
  });
}
