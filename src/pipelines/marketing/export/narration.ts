import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { RunControl } from "../../../media/ffmpeg/run.js";
import type { TtsEngine, TtsVoice } from "../../../media/tts/engine.js";
import { speakLines as speak } from "../../../media/tts/speak-lines.js";
import { spokenForm, spokenLanguageOf } from "../../../media/tts/spoken-form.js";
import { spokenLineKey } from "../../../media/tts/spoken-line-key.js";
import { parseWav } from "../../../media/tts/wav.js";
import type { Storage } from "../../../storage/storage.js";
import { keepSound, takeSound } from "./sound-cache.js";

/** A scene's line as spoken: its WAV (null when it says nothing) and its length at the speed. */
export interface SpokenLine {
  text: string;
  wavPath: string | null;
  seconds: number;
}

export interface SpeakRequest {
  engine: TtsEngine;
  voice: TtsVoice;
  lines: readonly string[];
  language: string;
  speed: number;
  dir: string;
  storage: Storage;
  control: RunControl;
}

/**
 * Every visible scene's narration said by the revision's voice at its speed. A line said before (same
 * engine, voice, words and speed) comes from the cache; the rest are spoken in one engine run. The engine
 * reads each line's spoken form (numbers and symbols spelled out); the captions show it as written.
 */
export async function speakLines(req: SpeakRequest): Promise<SpokenLine[]> {
  const lang = spokenLanguageOf(req.language);
  const spoken = req.lines.map((l) => (l.trim() ? spokenForm(l.trim(), lang).trim() : ""));
  const keys = spoken.map((text) =>
    text ? spokenLineKey({ engine: req.engine.name, voice: req.voice.engineVoice, text, speed: req.speed }) : "",
  );
  const paths = spoken.map((_, i) => join(req.dir, `line-${String(i + 1).padStart(2, "0")}.wav`));
  const kept = await Promise.all(
    keys.map((k, i) => (k ? takeSound(req.storage, "speech", k, paths[i] as string) : false)),
  );
  const fresh = spoken.flatMap((text, i) => (text && !kept[i] ? [i] : []));
  if (fresh.length > 0) {
    const said = await speak(
      req.engine,
      req.voice,
      fresh.map((i) => spoken[i] as string),
      {
        dir: req.dir,
        speed: req.speed,
        fileName: (j) => `line-${String((fresh[j] as number) + 1).padStart(2, "0")}.wav`,
        control: req.control,
      },
    );
    for (const [j, line] of said.entries())
      if (line.wavPath) await keepSound(req.storage, "speech", keys[fresh[j] as number] as string, line.wavPath);
  }
  const out: SpokenLine[] = [];
  for (const [i, text] of spoken.entries()) {
    const written = (req.lines[i] ?? "").trim();
    const info = text ? await readInfo(paths[i] as string) : null;
    out.push(
      info
        ? { text: written, wavPath: paths[i] as string, seconds: info }
        : { text: written, wavPath: null, seconds: 0 },
    );
  }
  return out;
}

async function readInfo(path: string): Promise<number | null> {
  const bytes = await readFile(path).catch(() => null);
  const info = bytes ? parseWav(bytes) : null;
  return info && info.durationSeconds > 0 ? info.durationSeconds : null;
}
