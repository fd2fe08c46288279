/**
 * The moments an ASS script's drawing changes, in milliseconds: each event's start and end, and each
 * karaoke (`\k`) word's start. The compositor sends a held picture once and the burn-in filter draws only
 * the pictures it is given, so a picture must be sent again at each of these moments.
 *
 * Read from the script itself, so the times are exactly what libass will see. toAss writes no animated
 * tags (fades, moves, `\kf` sweeps, `\t`): between two of these moments nothing it draws moves. User
 * text cannot add tags (escapeAssText breaks every backslash).
 */

const TIME = /^(\d+):(\d{2}):(\d{2})\.(\d{2})$/;

function timeMs(text: string): number {
  const m = TIME.exec(text.trim());
  if (!m) throw new RangeError(`not an ASS time: ${text}`);
  const [h, min, s, cs] = m.slice(1).map(Number) as [number, number, number, number];
  return ((h * 60 + min) * 60 + s) * 1000 + cs * 10;
}

export function assChangeTimesMs(script: string): number[] {
  const times = new Set<number>();
  for (const line of script.split("\n")) {
    if (!line.startsWith("Dialogue:")) continue;
    // Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text (the text may hold commas).
    const fields = line.slice("Dialogue:".length).split(",");
    const start = timeMs(fields[1] ?? "");
    const end = timeMs(fields[2] ?? "");
    times.add(start);
    times.add(end);
    const text = fields.slice(9).join(",");
    let at = start;
    for (const block of text.match(/\{[^}]*\}/g) ?? []) {
      for (const k of block.matchAll(/\\k(\d+)/g)) {
        at += Number(k[1]) * 10;
        if (at < end) times.add(at);
      }
    }
  }
  return [...times].sort((a, b) => a - b);
}
