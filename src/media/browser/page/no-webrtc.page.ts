/**
 * Removes WebRTC's constructors (RTCPeerConnection, webkitRTCPeerConnection, RTCDataChannel, ...) from the
 * page's world, before any of its scripts (no-webrtc.ts). Interface objects are configurable, so `delete`
 * removes them; what cannot be deleted is left (nothing on the web platform today).
 */
export default function removeWebRtc(): void {
  const g = globalThis as unknown as Record<string, unknown>;
  for (const name of Object.getOwnPropertyNames(globalThis)) {
    if (/^(webkit)?RTC/.test(name)) {
      try {
        delete g[name];
      } catch {}
    }
  }
}
