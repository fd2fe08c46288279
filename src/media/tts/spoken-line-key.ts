import { createHash } from "node:crypto";

/** Bumped whenever speaking changes what the same text sounds like: old cached lines lapse. */
const LINE_RECIPE = "spoken-line/1";

/**
 * The content key (sha256, hex) of a line `speakLines` makes: the engine, its voice, the text exactly as
 * the engine reads it, and the speed. Lines of the same key are the same bytes, so callers may cache them.
 */
export function spokenLineKey(line: { engine: string; voice: string; text: string; speed: number }): string {
  return createHash("sha256")
    .update(JSON.stringify([LINE_RECIPE, line.engine, line.voice, line.text.trim(), line.speed]))
    .digest("hex");
}
