import { randomBase62 } from "../ids.js";

/** What a caller's X-Request-Id must look like to be used (and echoed) as the request's id. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The app's request ids: a random prefix per app and a counter, unique across processes without drawing
 * random bytes on every request (which showed in the request path's profile). One per app, so two apps
 * in one process (the tests run many) never share a counter.
 */
export class RequestIds {
  private readonly prefix = `req_${randomBase62(14)}`;
  private count = 0;

  /** A fresh id (answers written before a request exists, e.g. to a socket the parser refused). */
  fresh(): string {
    return `${this.prefix}${(this.count++).toString(36).padStart(8, "0")}`;
  }

  /** Fastify's `genReqId`: the caller's X-Request-Id when it fits the pattern, else a fresh one. */
  readonly forRequest = (req: { headers: Record<string, string | string[] | undefined> }): string => {
    const given = req.headers["x-request-id"];
    return typeof given === "string" && REQUEST_ID_PATTERN.test(given) ? given : this.fresh();
  };
}
