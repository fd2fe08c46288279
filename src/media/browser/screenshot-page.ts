/**
 * What screenshot.ts passes its page scripts (page/pinned-*.page.ts). Types only: both sides import this
 * file, so it must stay free of Node and of the DOM.
 */

export interface MarkPinnedArg {
  /** The attribute the elements to pin are marked with (the screenshots' style sheets select it). */
  mark: string;
  /** Fixed elements larger than this share of the viewport are backdrops, not overlays. */
  maxShare: number;
  /** The attributes the sticky elements stuck at the scroll's start and at its end were marked with. */
  stuckAtStart: string;
  stuckAtEnd: string;
}
