// The Storage contract, run against both backends: local disk, and S3 through the AWS SDK against a
// local S3-compatible server (s3rver, the test double). Then what only S3 has: presigned URLs the store
// itself checks, a key prefix, proxied downloads, and a store that does not answer.
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installErrorHandling } from "../../src/http/error-handler.js";
import { mountFileRoute } from "../../src/http/file-route.js";
import { FileLinks } from "../../src/storage/file-links.js";
import { LocalStorage } from "../../src/storage/local.js";
import { S3Storage } from "../../src/storage/s3.js";
import { type Storage, StorageUnavailable, StoredFileMissing } from "../../src/storage/storage.js";
import { FakeClock } from "../../src/testutil/fake-clock.js";
import { type S3Server, startS3Server } from "../support/s3-server.js";

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

async function drain(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts);
}

/** A file route on a bare Fastify: what the API serves at /files/ for the links it signs. */
async function fileServer(storage: Storage, links: FileLinks) {
  const app = Fastify();
  installErrorHandling(app);
  mountFileRoute(app, storage, links);
  await app.ready();
  return app;
}

let s3: S3Server;
let dir: string;
const clock = new FakeClock(new Date());
const links = new FileLinks("http://files.test", randomBytes(32), clock);

beforeAll(async () => {
  s3 = await startS3Server();
  dir = mkdtempSync(join(tmpdir(), "cw-storage-"));
});
afterAll(async () => {
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

const backends: [string, () => Promise<Storage>][] = [
  ["local", async () => new LocalStorage(join(dir, "local"), links)],
  [
    "s3",
    async () => {
      const storage = new S3Storage(s3.settings({ prefix: "contract/" }), links, clock);
      await storage.start();
      return storage;
    },
  ],
];

describe.each(backends)("the Storage contract on %s", (_name, open) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await open();
  });

  it("stores bytes and gives them back, with their size and SHA-256", async () => {
    const data = Buffer.from("WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n");
    const stored = await storage.put("jobs/a/captions.vtt", data);
    expect(stored).toEqual({ key: "jobs/a/captions.vtt", bytes: data.length, sha256: sha(data) });
    expect(await storage.get("jobs/a/captions.vtt")).toEqual(data);
    expect(await drain(await storage.open("jobs/a/captions.vtt"))).toEqual(data);
    expect(await storage.exists("jobs/a/captions.vtt")).toBe(true);
  });

  it("streams a large file in (multipart on S3) and out, hashed on the way", async () => {
    const data = randomBytes(19 * 1024 * 1024 + 123); // three parts of 8 MiB
    const stored = await storage.put("jobs/b/video.mp4", Readable.from([data.subarray(0, 5e6), data.subarray(5e6)]));
    expect(stored).toEqual({ key: "jobs/b/video.mp4", bytes: data.length, sha256: sha(data) });
    expect(sha(await drain(await storage.open("jobs/b/video.mp4")))).toBe(sha(data));
  });

  it("copies a file from disk, and replaces what was under the key", async () => {
    const path = join(dir, `source-${_name}.bin`);
    writeFileSync(path, "first");
    await storage.putFile("jobs/c/plan.json", path);
    writeFileSync(path, "second, longer");
    const stored = await storage.putFile("jobs/c/plan.json", path);
    expect(stored.bytes).toBe(14);
    expect((await storage.get("jobs/c/plan.json")).toString()).toBe("second, longer");
  });

  it("deletes, and a missing key is missing (deleting it again is no error)", async () => {
    await storage.put("jobs/d/x.json", Buffer.from("{}"));
    await storage.delete("jobs/d/x.json");
    await storage.delete("jobs/d/x.json");
    expect(await storage.exists("jobs/d/x.json")).toBe(false);
    await expect(storage.get("jobs/d/x.json")).rejects.toBeInstanceOf(StoredFileMissing);
    await expect(storage.open("jobs/d/x.json")).rejects.toBeInstanceOf(StoredFileMissing);
  });

  it("refuses keys that a path or URL would read differently", async () => {
    for (const key of ["../etc/passwd", "jobs/../x", "/abs", "jobs//x", "jobs/a b", "jobs/x?y"]) {
      await expect(storage.put(key, Buffer.from("x")), key).rejects.toThrow(/bad storage key/);
      expect(() => storage.signedUrl(key, 60), key).toThrow(/bad storage key/);
    }
  });

  it("signs a URL that serves the file until it expires", async () => {
    const data = Buffer.from("a signed file");
    await storage.put("jobs/e/file.json", data);
    const link = storage.signedUrl("jobs/e/file.json", 600);
    expect(Date.parse(link.expiresAt)).toBe(Math.floor(clock.now().getTime() / 1000) * 1000 + 600_000);
    const url = new URL(link.url);
    if (url.origin === "http://files.test") {
      const app = await fileServer(storage, links);
      const ok = await app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
      expect(ok.statusCode).toBe(200);
      expect(ok.rawPayload).toEqual(data);
      expect(ok.headers["content-type"]).toBe("application/json");
      const tampered = await app.inject({ method: "GET", url: `${url.pathname.replace("file", "fila")}${url.search}` });
      expect(tampered.statusCode).toBe(404);
      clock.advance(601_000);
      const late = await app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
      expect(late.statusCode).toBe(404);
      await app.close();
    } else {
      // Presigned at the store, which serves it. That the signature is AWS's own is checked against the
      // SDK's presigner (test/unit/s3-presign.test.ts): s3rver checks signatures only loosely.
      const res = await fetch(link.url);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(data);
    }
  });

  it("lists a folder's files with their size and time, nothing outside it, and a missing folder as empty", async () => {
    const before = Date.now();
    await storage.put("lists/a/one.bin", Buffer.alloc(3));
    await storage.put("lists/a/deep/two.bin", Buffer.alloc(5));
    await storage.put("lists/ab/outside.bin", Buffer.alloc(7));
    const listed = [];
    for await (const file of storage.list("lists/a/")) listed.push(file);
    expect(listed.map((f) => [f.key, f.bytes]).sort()).toEqual([
      ["lists/a/deep/two.bin", 5],
      ["lists/a/one.bin", 3],
    ]);
    // S3 keeps LastModified to the second.
    for (const file of listed) expect(file.modifiedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const none = [];
    for await (const file of storage.list("lists/nothing/")) none.push(file);
    expect(none).toEqual([]);
    await expect(storage.list("lists/a")[Symbol.asyncIterator]().next()).rejects.toThrow(/bad storage prefix/);
  });

  it("touches a file (a missing one is no error) and keeps its bytes", async () => {
    await storage.put("lists/t/file.bin", Buffer.from("kept"));
    await storage.touch("lists/t/file.bin");
    await storage.touch("lists/t/missing.bin");
    expect((await storage.get("lists/t/file.bin")).toString()).toBe("kept");
  });

  it("answers whether it is reachable", async () => {
    expect(await storage.check()).toBe(true);
  });
});

describe("S3 only", () => {
  it("keeps every object under the configured prefix", async () => {
    const storage = new S3Storage(s3.settings({ prefix: "team-a/" }), links, clock);
    await storage.start();
    await storage.put("jobs/p/video.mp4", Buffer.from("v"));
    const client = new S3Client({ endpoint: s3.endpoint, region: "us-east-1", forcePathStyle: true });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: "team-a/" }));
    expect(listed.Contents?.map((o) => o.Key)).toEqual(["team-a/jobs/p/video.mp4"]);
    client.destroy();
    storage.close();
  });

  it("proxy mode: the URL points at the API, which streams the object from the store", async () => {
    const storage = new S3Storage(s3.settings({ publicAccess: "proxy" }), links, clock);
    await storage.put("jobs/q/video.mp4", Buffer.from("proxied bytes"));
    const link = storage.signedUrl("jobs/q/video.mp4", 60);
    const url = new URL(link.url);
    expect(url.origin).toBe("http://files.test");
    const app = await fileServer(storage, links);
    const res = await app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("video/mp4");
    expect(res.body).toBe("proxied bytes");
    await app.close();
    storage.close();
  });

  it("a store that does not answer is StorageUnavailable, and the file route says storage_unavailable (503)", async () => {
    const down = new S3Storage(s3.settings({ endpoint: "http://127.0.0.1:9", publicAccess: "proxy" }), links, clock, {
      maxAttempts: 1,
    });
    await expect(down.put("jobs/r/x.json", Buffer.from("{}"))).rejects.toBeInstanceOf(StorageUnavailable);
    await expect(down.get("jobs/r/x.json")).rejects.toBeInstanceOf(StorageUnavailable);
    await expect(down.exists("jobs/r/x.json")).rejects.toBeInstanceOf(StorageUnavailable);
    expect(await down.check()).toBe(false);
    const app = await fileServer(down, links);
    const link = new URL(down.signedUrl("jobs/r/x.json", 60).url);
    const res = await app.inject({ method: "GET", url: `${link.pathname}${link.search}` });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: { code: "storage_unavailable" } });
    expect(res.headers["retry-after"]).toBe("5");
    await app.close();
    down.close();
  });
});
