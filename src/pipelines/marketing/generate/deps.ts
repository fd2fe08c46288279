import type { BrowserPool } from "../../../media/browser/index.js";
import type { FontCatalogue } from "../../../media/fonts/catalogue.js";
import type { TtsEngines } from "../../../media/tts/engines.js";
import type { Storage } from "../../../storage/storage.js";

/** What a generation uses beyond its input (built in jobs/catalogue.ts from JobServices). */
export interface GenerationDeps {
  storage: Storage;
  /** The voice that measures the narration: the one the export will speak it with. */
  tts: TtsEngines;
  /** The process's Chromium: one page draws every scene's preview. */
  browser: BrowserPool;
  /** Installed fonts: the scenes are drawn with the document's own. */
  fonts: FontCatalogue;
}
