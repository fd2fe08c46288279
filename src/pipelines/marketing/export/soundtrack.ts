import { createHash } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { sha256File } from "../../../media/ffmpeg/encode.js";
import type { RunControl } from "../../../media/ffmpeg/run.js";
import { musicBedKey, renderMusicBed } from "../../../media/music/bed.js";
import { musicEnding } from "../../../media/music/tempo.js";
import { mixSoundtrack } from "../../../media/soundtrack/mix.js";
import type { Storage } from "../../../storage/storage.js";
import { PipelineFailure } from "../../run.js";
import type { CampaignDocument } from "../campaign/document.js";
import { keepSound, takeSound } from "./sound-cache.js";

/**
 * The export's sound, as the revision's audio mode asks: the lines placed on the clock, the mood's music
 * bed ducked under them, the whole at −16 LUFS with true peak ≤ −1 dBTP (media/soundtrack). The bed and
 * the finished mix are kept by content key: a re-export of an unchanged revision mixes nothing.
 */

export interface PlacedLine {
  wavPath: string | null;
  startSeconds: number;
}

/** The bed of the revision's mood ready on this machine (from the cache, else rendered), or null when none plays. */
export async function prepareBed(
  sound: CampaignDocument["sound"],
  seconds: number,
  dir: string,
  storage: Storage,
  control: RunControl,
): Promise<{ key: string; path: string } | null> {
  const plays = sound.audioMode === "voice_and_music" || sound.audioMode === "music_only";
  if (!plays) return null;
  const ending = musicEnding(sound.music.mood, seconds, sound.speed);
  if (!ending)
    throw new PipelineFailure(
      "campaign_speed_breaks_music_ending",
      "No music bed of this mood ends on a whole bar at this length and speed.",
    );
  const key = musicBedKey({ mood: sound.music.mood, ...ending, seconds });
  const bedDir = join(dir, "bed");
  await mkdir(bedDir, { recursive: true });
  const path = join(bedDir, "bed.wav");
  if (await takeSound(storage, "bed", key, path)) return { key, path };
  const bed = await renderMusicBed({ mood: sound.music.mood, seconds, speed: sound.speed, dir: bedDir }, control);
  await keepSound(storage, "bed", key, bed.path);
  return { key, path: bed.path };
}

export async function mixExportSound(
  sound: CampaignDocument["sound"],
  lines: readonly PlacedLine[],
  seconds: number,
  bed: { key: string; path: string } | null,
  dir: string,
  storage: Storage,
  control: RunControl,
): Promise<string> {
  const speaks = sound.audioMode === "voice_and_music" || sound.audioMode === "voice_only";
  const narration = speaks
    ? lines.flatMap((l) => (l.wavPath ? [{ path: l.wavPath, startSeconds: l.startSeconds }] : []))
    : [];
  const lineHashes = await Promise.all(narration.map((n) => sha256File(n.path)));
  const mixKey = createHash("sha256")
    .update(
      JSON.stringify([
        "export-mix/1",
        sound.audioMode,
        seconds,
        sound.voiceVolume,
        sound.music.volume,
        bed?.key ?? null,
        narration.map((n, i) => [lineHashes[i], n.startSeconds]),
      ]),
    )
    .digest("hex");
  const out = join(dir, "sound.wav");
  if (await takeSound(storage, "mix", mixKey, out)) return out;
  await mixSoundtrack(
    {
      seconds,
      narration,
      music: bed?.path ?? null,
      voiceVolume: sound.voiceVolume,
      musicVolume: sound.music.volume,
      out,
    },
    control,
  );
  await keepSound(storage, "mix", mixKey, out);
  return out;
}
