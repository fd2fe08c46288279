import type { Clock } from "../../../clock.js";
import type { BrowserPool } from "../../../media/browser/index.js";
import type { FfmpegBinaries } from "../../../media/ffmpeg/run.js";
import type { FontCatalogue } from "../../../media/fonts/catalogue.js";
import type { TtsEngines } from "../../../media/tts/engines.js";
import type { Storage } from "../../../storage/storage.js";

/** What an export uses beyond its input (built in jobs/catalogue.ts from JobServices). */
export interface ExportDeps {
  storage: Storage;
  /** The narration's voice. */
  tts: TtsEngines;
  /** One page draws every scene's layers (the same templates as the previews). */
  browser: BrowserPool;
  fonts: FontCatalogue;
  ffmpeg: FfmpegBinaries;
  clock: Clock;
}
