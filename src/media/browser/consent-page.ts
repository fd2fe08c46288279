/**
 * What consent.ts and its page scripts (page/consent-*.page.ts) pass each other. Types only: both sides
 * import this file, so it must stay free of Node and of the DOM.
 */

export interface MarkConsentArg {
  /** The attribute the control to press is marked with. */
  control: string;
  /** The attribute each banner found is marked with. */
  box: string;
  /** Only banners laid over the page and named for consent (ConsentOptions.overlaysOnly). */
  overlaysOnly: boolean;
}

export interface MarkedConsent {
  boxes: number;
  choice: "reject" | "accept" | null;
}

export interface HideConsentArg {
  boxMark: string;
  /** Hide a banner's nearest fixed or sticky box (else its outermost). */
  nearest: boolean;
}
