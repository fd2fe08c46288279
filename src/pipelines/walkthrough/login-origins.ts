import { originOf } from "../browsing/network-fence.js";

/**
 * Where a sign-in may go, decided in one place (decisions 0017 and 0028): the storyboard API checks the
 * additional origins it accepts with exactOrigin, the sign-in types credentials only into
 * approvedLoginOrigins(creds), and the egress proxy holds the whole sign-in to
 * approvedLoginOrigins(creds, startUrl).
 */

/**
 * `raw` when it is exactly an origin (scheme, host and non-default port as the URL standard writes them,
 * a trailing slash allowed and dropped), else null: a path, query, user or default port is not an origin.
 */
export function exactOrigin(raw: string): string | null {
  const origin = originOf(raw);
  return origin !== null && raw.replace(/\/$/, "") === origin ? origin : null;
}

export interface LoginOriginsSource {
  loginUrl: string;
  /** Other origins the sign-in may pass through and type into (an identity provider); exact origins. */
  additionalLoginOrigins?: readonly string[];
}

/**
 * The approved origins: the login URL's and the additional ones (entries that are not exactly an origin
 * approve nothing). With `startUrl`, also the walkthrough's start page's: the sign-in may land there, so
 * the proxy lets it be reached, but credentials are typed only into the origins without it.
 */
export function approvedLoginOrigins(creds: LoginOriginsSource, startUrl?: string): Set<string> {
  const origins = [
    originOf(creds.loginUrl),
    ...(creds.additionalLoginOrigins ?? []).map(exactOrigin),
    startUrl === undefined ? null : originOf(startUrl),
  ];
  return new Set(origins.filter((o): o is string => o !== null));
}
