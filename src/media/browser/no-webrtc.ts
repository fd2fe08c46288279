/**
 * Runs before any page script in every frame of a session: removes WebRTC's constructors (RTCPeerConnection,
 * webkitRTCPeerConnection, RTCDataChannel, RTCSessionDescription …), so a recorded page cannot open peer
 * connections. Chromium's WebRTC IP-handling policy (launch.ts) already keeps its UDP from leaving
 * outside the proxy; this takes the API away altogether. Interface objects are configurable, so `delete`
 * removes them; what cannot be deleted is left (nothing on the web platform today).
 */
export const NO_WEBRTC_SCRIPT = `(() => {
  for (const name of Object.getOwnPropertyNames(globalThis)) {
    if (/^(webkit)?RTC/.test(name)) {
      try { delete globalThis[name]; } catch {}
    }
  }
})();`;
