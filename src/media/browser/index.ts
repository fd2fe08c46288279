export type { Box, Target } from "./actions.js";
export { boundingBox, click, hover, locate, navigate, scrollBy, scrollTo, type } from "./actions.js";
export type { LaunchOptions } from "./launch.js";
export { BrowserUnavailableError, CHROMIUM_ARGS, DEFAULT_CHROMIUM, launchBrowser } from "./launch.js";
export type { BrowserPoolOptions, BrowserSession, CaptureSpec, SessionOptions } from "./pool.js";
export { BrowserPool } from "./pool.js";
export { captureFrame } from "./screenshot.js";
