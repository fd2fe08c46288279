import { initScriptSource, pageScript } from "./page-script.js";

/**
 * Runs before any page script in every frame of a session: removes WebRTC's constructors (RTCPeerConnection,
 * webkitRTCPeerConnection, RTCDataChannel, RTCSessionDescription …), so a recorded page cannot open peer
 * connections (page/no-webrtc.page.ts). Chromium's WebRTC IP-handling policy (launch.ts) already keeps its
 * UDP from leaving outside the proxy; this takes the API away altogether.
 */
export const NO_WEBRTC_SCRIPT = initScriptSource(
  pageScript<undefined, void>(new URL("./page/no-webrtc.page.ts", import.meta.url)),
  undefined,
);

/**
 * The service runs its TypeScript through tsx, whose esbuild keeps function names by wrapping a named
 * inner function as `__name(fn, "name")`, a helper of our module and not of the page. A function handed
 * to `page.evaluate` carries that call into the page, where it would throw (and, caught, silently skip
 * the step: no consent dismissed, no lazy content loaded). Every document of a session gets a `__name`
 * that returns the function it is given before any page script runs, as esbuild's own does. Vitest does
 * not keep names, so the tests alone would never see the failure.
 */
export const KEEP_NAMES_SCRIPT = `(() => {
  if (typeof globalThis.__name !== "function") globalThis.__name = (fn) => fn;
})();`;
