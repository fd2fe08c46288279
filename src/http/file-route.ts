import type { FastifyInstance } from "fastify";
import { ApiError } from "../contract/errors.js";
import { FILES_PREFIX, type LocalStorage, SIGNATURE_PARAM } from "../storage/local.js";

const CONTENT_TYPES: Record<string, string> = {
  mp4: "video/mp4",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  vtt: "text/vtt; charset=utf-8",
  wav: "audio/wav",
  mp3: "audio/mpeg",
  json: "application/json",
};

/** Serves stored files by signed, expiring URL (no credential: the signature is the credential). */
export function mountFileRoute(app: FastifyInstance, storage: LocalStorage): void {
  app.get(`${FILES_PREFIX}*`, async (req, reply) => {
    const key = (req.params as { "*": string })["*"];
    const query = req.query as Record<string, string | undefined>;
    const path = storage.verify(key, query.expires, query[SIGNATURE_PARAM]);
    if (!path || !(await storage.exists(key))) throw new ApiError("not_found");
    const ext = key.split(".").pop() ?? "";
    return reply.type(CONTENT_TYPES[ext] ?? "application/octet-stream").send(storage.openStream(path));
  });
}
