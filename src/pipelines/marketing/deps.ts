import type { Clock } from "../../clock.js";
import type { BrowserPool } from "../../media/browser/index.js";
import type { FfmpegBinaries } from "../../media/ffmpeg/run.js";
import type { FontCatalogue } from "../../media/fonts/catalogue.js";
import type { Storage } from "../../storage/storage.js";
import type { SessionGuard } from "../browsing/fenced-session.js";

/** The scanner's bounds (configuration: CLIPWRIGHT_SCAN_*). */
export interface ScanSettings {
  /** Pages visited beyond the start page. */
  extraPages: number;
  /** Deadline of one page's navigation and settling. */
  pageTimeoutMs: number;
  /** Deadline of the whole scan: no page is opened after it. */
  scanTimeoutMs: number;
}

/** Everything an inspection uses beyond its input (built in jobs/catalogue.ts from JobServices). */
export interface InspectionDeps {
  /** The process's Chromium; each scan opens one fenced session on it. */
  browser: BrowserPool;
  storage: Storage;
  clock: Clock;
  /** The URL guard's settings and DNS for the scan's egress proxy (the walkthroughs' fence too: browsing/). */
  guard: SessionGuard;
  /** ffmpeg / ffprobe for render sources' stills. */
  ffmpeg: FfmpegBinaries;
  /** Installed font families: scanned fonts are matched against them. */
  fonts: FontCatalogue;
  settings: ScanSettings;
}
