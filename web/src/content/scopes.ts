import type { GrantableScope } from "../api/types";

export interface ScopeInfo {
  scope: GrantableScope;
  /** What a key with it may do, in words (the spec's Scopes table). */
  allows: string;
  /** Spends video seconds (renders:write, marketing:export). */
  spends?: boolean;
}

/** The 12 scopes a key can hold, grouped as the API's areas are. keys:manage and assistant:use never go to a key. */
export const SCOPE_GROUPS: { title: string; scopes: ScopeInfo[] }[] = [
  {
    title: "Account and catalogue",
    scopes: [
      { scope: "account:read", allows: "Read the account profile." },
      { scope: "wallet:read", allows: "Read the balance of video time and its ledger." },
      { scope: "usage:read", allows: "Read this key's own request counts." },
      { scope: "catalog:read", allows: "Read voices, plans, render options and marketing templates; preview voices." },
    ],
  },
  {
    title: "Walkthroughs",
    scopes: [
      { scope: "storyboards:read", allows: "Read storyboards (the planned beats of a walkthrough)." },
      { scope: "storyboards:write", allows: "Plan a storyboard from a website address; cancel one." },
      { scope: "renders:read", allows: "Read renders and saved templates; get a finished video's download address." },
      { scope: "renders:write", allows: "Start and cancel walkthrough renders; save render templates.", spends: true },
    ],
  },
  {
    title: "Marketing videos",
    scopes: [
      { scope: "marketing:read", allows: "Read sources, projects, revisions, exports and the brand kit." },
      { scope: "marketing:write", allows: "Scan websites; generate and edit projects; change the brand kit." },
      { scope: "marketing:export", allows: "Export a marketing project to video; cancel an export.", spends: true },
    ],
  },
  {
    title: "Webhooks",
    scopes: [
      {
        scope: "webhooks:manage",
        allows: "Add, change and delete webhook endpoints, send tests, read the delivery log.",
      },
    ],
  },
];

export const ALL_SCOPES: GrantableScope[] = SCOPE_GROUPS.flatMap((g) => g.scopes.map((s) => s.scope));
