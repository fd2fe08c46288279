import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { CapturedScene, ComposedVideo } from "../../media/compose/types.js";
import type { RunControl } from "../../media/ffmpeg/run.js";
import { countWords, measureQuality } from "../../media/quality/index.js";
import type { Narration } from "./narrate.js";
import { narrationLine } from "./narration-text.js";

/** What only the render knows about its video: the files cannot say it. */
export interface RenderFacts {
  /** Beats the plan asked to show (hidden ones excluded). */
  plannedBeats: number;
  /** The scenes in the video, in order, with the narration each spoke. */
  kept: readonly { scene: CapturedScene; narration: Narration }[];
  /** Beats whose stills were taken before the page settled (any captured, shown or not). */
  unsettled: readonly string[];
  language: string | null;
  /** Wall seconds from the render's start to its encoded video. */
  renderSeconds: number;
}

/**
 * The render's quality report (docs/decisions/0024-render-quality-report.md): the delivered MP4 and
 * WebVTT measured and judged, with the render's own facts, written as quality.json in `outDir`.
 */
export async function writeQualityReport(
  composed: ComposedVideo,
  facts: RenderFacts,
  outDir: string,
  control: RunControl,
): Promise<{ path: string }> {
  const keptIds = new Set(facts.kept.map((k) => k.scene.beatId));
  const report = await measureQuality(
    { video: composed.video.path, captions: composed.captions.path },
    {
      videoSeconds: composed.durationSeconds,
      beats: { planned: facts.plannedBeats, shown: facts.kept.length },
      unsettledBeats: facts.unsettled.filter((beatId) => keptIds.has(beatId)),
      scenes: composed.timings.map((t) => ({
        beatId: t.beatId,
        startSeconds: t.startSeconds,
        endSeconds: t.startSeconds + t.durationSeconds,
      })),
      // The rate is of words said: numbers and acronyms as the engine read them.
      spokenWords: facts.kept.reduce(
        (n, k) => (k.narration.wavPath ? n + countWords(narrationLine(k.narration.text, facts.language).spoken) : n),
        0,
      ),
      renderSeconds: facts.renderSeconds,
    },
    control,
  );
  const path = join(outDir, "quality.json");
  await writeFile(path, `${JSON.stringify(report, null, 2)}\n`);
  return { path };
}
