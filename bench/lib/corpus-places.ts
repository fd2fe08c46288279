// Did a plan show what its hint named, in the order named? Read off the storyboard's beats, as the
// corpus benchmarks (corpus-plan, quality) count it.
import type { Beat } from "../../src/pipelines/walkthrough/beats.js";

const normal = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

/**
 * The first beat that shows the place: its target's name, its title or its URL's file name names it; else
 * (a start page the hint calls by its heading) the first whose narration names it. -1: none does.
 */
export function firstBeatShowing(beats: readonly Beat[], place: string): number {
  const label = normal(place);
  const slug = label.replace(/[^a-z0-9]+/g, "-");
  const shown = beats.findIndex(
    (b) => normal(b.target?.name ?? "").includes(label) || normal(b.title).includes(label) || b.url.includes(slug),
  );
  return shown >= 0 ? shown : beats.findIndex((b) => normal(b.narration).includes(label));
}

/** Every place found, each first shown after the one before it. */
export const inOrder = (at: readonly number[]): boolean =>
  at.every((i, k) => i >= 0 && (k === 0 || i > (at[k - 1] ?? -1)));

export interface PlacesFound {
  /** Index of the first beat showing each named place (-1: none does). */
  at: number[];
  found: number;
  ordered: boolean;
}

export function placesFound(beats: readonly Beat[], places: readonly string[]): PlacesFound {
  const at = places.map((p) => firstBeatShowing(beats, p));
  return { at, found: at.filter((i) => i >= 0).length, ordered: inOrder(at) };
}

/** Distinct pages (URLs without their fragment) and views (a page with the element a beat points at). */
export function distinctViews(beats: readonly Beat[]): { pages: number; views: number } {
  const page = (url: string) => url.replace(/#.*$/, "");
  return {
    pages: new Set(beats.map((b) => page(b.url))).size,
    views: new Set(beats.map((b) => `${b.url}#${b.target?.name ?? b.target?.css ?? ""}`)).size,
  };
}
