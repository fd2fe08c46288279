import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { probe } from "../../../media/ffmpeg/probe.js";
import type { RunControl } from "../../../media/ffmpeg/run.js";
import { measureAudio } from "../../../media/quality/audio-figures.js";
import { captionFigures, parseVtt } from "../../../media/quality/caption-figures.js";
import { frameFigures } from "../../../media/quality/frame-figures.js";

/**
 * The export's quality report, stored beside the video as a render's is: the delivered file measured
 * (loudness and true peak by ebur128, the frames' rhythm, the audio against the video's length), the
 * captions read back from the WebVTT file, and what only the export knows (how much was spoken, what
 * moved). Each figure is judged against the norm the export is made to; a GIF has no sound to judge.
 */

interface Check {
  figure: string;
  value: number | null;
  min: number | null;
  max: number | null;
  pass: boolean | null;
}

export interface ExportFacts {
  format: string;
  fps: number;
  /** Frames the timeline planned. */
  plannedFrames: number;
  /** Seconds of narration spoken, and whether the audio mode speaks at all. */
  spokenSeconds: number;
  speaks: boolean;
  motion: { scenes: number; drawnPictures: number; crossfades: number; scrolls: number; entrances: number };
  cachedScenes: number;
  exportSeconds: number;
  /** Which pixel loops composed the frames: "native", or "typescript" where the addon was not built. */
  pixelLoops: string;
}

const round = (n: number | null, places = 2): number | null =>
  n === null || !Number.isFinite(n) ? null : Number(n.toFixed(places));

function check(figure: string, value: number | null, bounds: { min?: number; max?: number }): Check {
  const min = bounds.min ?? null;
  const max = bounds.max ?? null;
  const pass = value === null ? null : (min === null || value >= min) && (max === null || value <= max);
  return { figure, value, min, max, pass };
}

const METHOD =
  "The delivered file: its audio decoded once by ffmpeg with ebur128 (peak=true) for integrated loudness and " +
  "true peak; its video packets' timestamps (a gap of more than one frame is a drop, none a duplicate); " +
  "ffprobe's stream lengths for the audio against the video. Captions: the delivered WebVTT (characters a " +
  "second over a cue's lines joined by a space). Speech share: seconds of narration placed on the timeline " +
  "over the video's length. Motion: pictures the compositor drew (the other frames hold the one before).";

export async function writeExportQuality(
  files: { video: string; captions: string },
  facts: ExportFacts,
  outDir: string,
  control: RunControl,
): Promise<{ path: string }> {
  const hasAudio = facts.format !== "gif";
  // All at once: the audio is measured over the planned length (what the file's video should last; the
  // drift check below compares the two streams' real lengths).
  const [info, frames, audio, vtt] = await Promise.all([
    probe(files.video, control),
    frameFigures(files.video, facts.fps, control),
    hasAudio ? measureAudio(files.video, facts.plannedFrames / facts.fps, control) : Promise.resolve(null),
    readFile(files.captions, "utf8"),
  ]);
  const videoSeconds = info.video?.durationSeconds ?? info.durationSeconds;
  const captions = captionFigures(parseVtt(vtt));
  const audioSeconds = info.audio?.durationSeconds ?? null;
  const driftMs = audioSeconds === null ? null : Math.abs(videoSeconds - audioSeconds) * 1000;
  const lufs = audio && Number.isFinite(audio.integratedLufs) ? round(audio.integratedLufs, 1) : null;
  const peak = audio && Number.isFinite(audio.truePeakDbtp) ? round(audio.truePeakDbtp, 1) : null;
  const speechShare = round(facts.spokenSeconds / Math.max(videoSeconds, 1e-9), 3);
  const checks: Check[] = [
    check("framesDropped", frames.dropped + Math.max(0, facts.plannedFrames - frames.frames), { max: 0 }),
    check("framesDuplicated", frames.duplicated + Math.max(0, frames.frames - facts.plannedFrames), { max: 0 }),
    ...(hasAudio
      ? [
          check("avDriftMs", round(driftMs, 1), { max: 20 }),
          check("integratedLoudness", lufs, { min: -17, max: -15 }),
          check("truePeak", peak, { max: -1 }),
        ]
      : []),
    check("captionCuesUnderOneSecond", captions.underOneSecond, { max: 0 }),
    check("captionCharsPerSecond", round(captions.maxCharsPerSecond, 1), { max: 17 }),
    check("captionLineChars", captions.longestLineChars, { max: 42 }),
    check("captionLinesPerCue", captions.maxLinesPerCue, { max: 2 }),
  ];
  const report = {
    version: 1,
    kind: "marketing.export",
    format: facts.format,
    videoSeconds: round(videoSeconds, 3),
    frames: {
      planned: facts.plannedFrames,
      inFile: frames.frames,
      dropped: frames.dropped,
      duplicated: frames.duplicated,
    },
    sync: { audioSeconds: round(audioSeconds, 3), driftMs: round(driftMs, 1) },
    loudness: { integratedLufs: lufs, truePeakDbtp: peak },
    speech: { share: facts.speaks ? speechShare : 0, seconds: round(facts.spokenSeconds, 2) },
    captions: { ...captions, maxCharsPerSecond: round(captions.maxCharsPerSecond, 1) ?? 0 },
    motion: facts.motion,
    export: {
      wallSeconds: round(facts.exportSeconds, 1),
      speed: round(videoSeconds / Math.max(facts.exportSeconds, 1e-9)),
      cachedScenes: facts.cachedScenes,
      pixelLoops: facts.pixelLoops,
    },
    checks,
    pass: checks.every((c) => c.pass !== false),
    method: METHOD,
  };
  const path = join(outDir, "quality.json");
  await writeFile(path, `${JSON.stringify(report, null, 2)}\n`);
  return { path };
}
