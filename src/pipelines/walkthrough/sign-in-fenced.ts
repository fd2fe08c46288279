import type { Page } from "playwright-core";
import type { NetworkFence } from "../browsing/network-fence.js";
import { approvedLoginOrigins } from "./login-origins.js";
import { type SignInCredentials, SignInError, signIn } from "./sign-in.js";

/**
 * Signs in with the session's egress proxy held to the approved origins for the whole sign-in (decision
 * 0028): the login URL's, the caller's `additionalLoginOrigins`, and the walkthrough's own start page.
 * The page's own checks (sign-in.ts) see only what Playwright shows them; the proxy sees every connection:
 * a 307 that re-posts the form elsewhere, a form aimed at a frame on another origin, an action rewritten
 * on click, a beacon or a worker's fetch. The first attempt to reach any other host is refused before a
 * byte leaves, stops the sign-in, and fails it as left_approved_origins naming only that origin, even
 * when the page then looked signed in.
 *
 * Without a fence (tests that drive a bare session) this is the plain sign-in.
 */
export async function signInWithinApprovedOrigins(
  page: Page,
  creds: SignInCredentials,
  opts: { fence: NetworkFence | null | undefined; startUrl: string; signal?: AbortSignal | undefined },
): Promise<void> {
  const { fence } = opts;
  if (!fence) return signIn(page, creds, opts.signal ? { signal: opts.signal } : {});

  let left: string | null = null;
  const stop = new AbortController();
  const origins = [...approvedLoginOrigins(creds, opts.startUrl)];
  fence.setAllowedOrigins(origins, (origin) => {
    left ??= origin;
    stop.abort(new SignInError("left_approved_origins", creds.loginUrl, origin));
  });
  const signal = opts.signal ? AbortSignal.any([opts.signal, stop.signal]) : stop.signal;
  const leftError = () => new SignInError("left_approved_origins", creds.loginUrl, left);
  try {
    await signIn(page, creds, { signal });
  } catch (err) {
    // Whatever the page showed after a refused hop (an error page, a form that never answered), the hop
    // is what happened.
    if (left !== null) throw leftError();
    throw err;
  } finally {
    fence.setAllowedOrigins(null);
  }
  if (left !== null) throw leftError();
}
