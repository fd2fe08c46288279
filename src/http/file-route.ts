import type { FastifyInstance } from "fastify";
import { ApiError } from "../contract/errors.js";
import { FILES_PREFIX, type FileLinks, SIGNATURE_PARAM } from "../storage/file-links.js";
import { type Storage, StoredFileMissing } from "../storage/storage.js";

const CONTENT_TYPES: Record<string, string> = {
  mp4: "video/mp4",
  webm: "video/webm",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  vtt: "text/vtt; charset=utf-8",
  srt: "application/x-subrip; charset=utf-8",
  wav: "audio/wav",
  mp3: "audio/mpeg",
  json: "application/json",
};

/**
 * Serves stored files by signed, expiring URL (no credential: the signature is the credential), streamed
 * from whichever store holds them: local disk, or S3 when its files are proxied through the API.
 */
export function mountFileRoute(app: FastifyInstance, storage: Storage, links: FileLinks): void {
  app.get(`${FILES_PREFIX}*`, async (req, reply) => {
    const key = (req.params as { "*": string })["*"];
    const query = req.query as Record<string, string | undefined>;
    if (!links.verify(key, query.expires, query[SIGNATURE_PARAM])) throw new ApiError("not_found");
    const body = await storage.open(key).catch((err: unknown) => {
      throw err instanceof StoredFileMissing ? new ApiError("not_found") : err;
    });
    const ext = key.split(".").pop() ?? "";
    return reply.type(CONTENT_TYPES[ext] ?? "application/octet-stream").send(body);
  });
}
