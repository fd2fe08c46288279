/**
 * What sign-in.ts and its page scripts (page/sign-in-find.page.ts, page/sign-in-probe.page.ts) pass each
 * other. Types only: both sides import this file, so it must stay free of Node and of the DOM.
 */

/** A regular expression as it crosses into the page. */
export interface Pattern {
  source: string;
  flags: string;
}

export interface FindArg {
  /** The attribute the fields and the submit control are marked with. */
  mark: string;
  /** Words that name a control sending a sign-in form. */
  positive: Pattern;
  /** Words that name a control doing something else (recovery, sign-up, social sign-in, ...). */
  negative: Pattern;
}

export interface Found {
  password: boolean;
  user: boolean;
  /** The submit control chosen, described for errors (e.g. `link "Login"`), or null: none found. */
  submit: string | null;
}

export interface ProbeArg {
  mark: string;
  /** The field typed into last. */
  kind: "user" | "password";
}

export interface PageState {
  /** A password field is showing. */
  password: boolean;
  /** An error or alert is showing, or the marked fields are flagged invalid. */
  error: boolean;
  /** The field the sign-in typed into last is still there, showing and filled. */
  filled: boolean;
  /** Every password field showing is empty (true when none shows). */
  passwordEmpty: boolean;
}
