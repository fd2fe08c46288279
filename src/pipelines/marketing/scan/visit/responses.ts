import type { Page, Request, Response } from "playwright-core";

/**
 * The image responses a page loaded, kept as it loads them: the logo and image extractors take their
 * bytes from here (decision 0025: no second HTTP client, nothing fetched outside the fenced browser).
 * Attach before navigating. Bodies are read only for the few candidates that are kept.
 */

export interface LoadedResponse {
  url: string;
  status: number;
  /** The response's content type without parameters, lowercase; null when not sent. */
  contentType: string | null;
  /** Content-Length when sent. */
  declaredBytes: number | null;
  readonly response: Response;
}

export interface ResponseLog {
  /** The response for exactly this URL (the last one when loaded twice). */
  find(url: string): LoadedResponse | undefined;
  /** The response for this path on the page's own origin (a canonical host in JSON-LD often differs). */
  findSameOriginPath(url: string, origin: string): LoadedResponse | undefined;
  /** Whether a request for this URL failed (the fence refused it, or the network did). */
  failed(url: string): boolean;
  /** Stops recording. */
  dispose(): void;
}

export type BodyRead = { ok: true; data: Buffer } | { ok: false; reason: "too_large" | "unavailable" };

const MAX_ENTRIES = 1_000;
const MAX_URL = 4_096;

const isImage = (contentType: string | null, request: Request) =>
  request.resourceType() === "image" || contentType?.startsWith("image/");

export function watchResponses(page: Page): ResponseLog {
  const byUrl = new Map<string, LoadedResponse>();
  const failures = new Set<string>();
  const onResponse = (response: Response) => {
    const url = response.url();
    if (url.length > MAX_URL || (byUrl.size >= MAX_ENTRIES && !byUrl.has(url))) return;
    const headers = response.headers();
    const contentType = headers["content-type"]?.split(";")[0]?.trim().toLowerCase().slice(0, 100) || null;
    if (!isImage(contentType, response.request())) return;
    const length = Number(headers["content-length"]);
    byUrl.set(url, {
      url,
      status: response.status(),
      contentType,
      declaredBytes: Number.isSafeInteger(length) && length >= 0 ? length : null,
      response,
    });
  };
  const onFailed = (request: Request) => {
    if (failures.size < MAX_ENTRIES && request.url().length <= MAX_URL) failures.add(request.url());
  };
  page.on("response", onResponse);
  page.on("requestfailed", onFailed);
  return {
    find: (url) => byUrl.get(url),
    findSameOriginPath(url, origin) {
      let wanted: URL;
      try {
        wanted = new URL(url);
      } catch {
        return undefined;
      }
      if (wanted.pathname === "/") return undefined;
      for (const entry of byUrl.values()) {
        const u = new URL(entry.url);
        if (u.origin === origin && u.pathname === wanted.pathname && u.search === wanted.search) return entry;
      }
      return undefined;
    },
    failed: (url) => failures.has(url),
    dispose() {
      page.off("response", onResponse);
      page.off("requestfailed", onFailed);
    },
  };
}

/** The body of a loaded response, refused past `maxBytes` (declared or read); unavailable when Chromium no longer has it. */
export async function readBody(entry: LoadedResponse, maxBytes: number): Promise<BodyRead> {
  if (entry.declaredBytes !== null && entry.declaredBytes > maxBytes) return { ok: false, reason: "too_large" };
  if (entry.status < 200 || entry.status >= 300) return { ok: false, reason: "unavailable" };
  try {
    const data = await entry.response.body();
    return data.length > maxBytes ? { ok: false, reason: "too_large" } : { ok: true, data };
  } catch {
    return { ok: false, reason: "unavailable" };
  }
}
