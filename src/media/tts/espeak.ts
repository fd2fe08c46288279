import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Synthesis, type SynthesisOptions, type TtsEngine, TtsUnavailableError, type TtsVoice } from "./engine.js";
import { runEngine, synthesisOf } from "./run-engine.js";

const DEFAULT_TIMEOUT_MS = 20_000;
/**
 * espeak-ng's `-s` (its own words-per-minute notion; the default 175 sounds hurried). 160 lands presenter
 * lines of 15–30 words at about 150 words per minute of speech (edge silences cut): a presenter's pace,
 * the one the planner's 2.5 words a second assumes (docs/decisions/0020-no-dead-air.md).
 */
const ESPEAK_SPEED = 160;

/**
 * espeak-ng as a TtsEngine: `espeak-ng -v <voice> -s <speed> -w <out.wav> -f <text file>`. The text goes through
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
      await runEngine(
        "espeak-ng",
        this.binary,
        ["-v", voice.engineVoice, "-s", String(ESPEAK_SPEED), "-w", wavPath, "-f", textPath],
        { timeoutMs: opts.timeoutMs ?? this.defaultTimeoutMs },
      );
      const buffer = await readFile(wavPath).catch(() => {
        throw new TtsUnavailableError("espeak-ng wrote no audio file");
      });
      return synthesisOf("espeak-ng", buffer);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
