// A local S3-compatible server for the tests: s3rver (npm), a test double of AWS S3 that speaks the same
// REST API and checks Signature V4, over files in a temporary directory. Real stores (AWS S3, MinIO, R2,
// Ceph) are configured the same way (README, "Scale-out").
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import S3rver from "s3rver";
import type { S3Settings } from "../../src/storage/s3.js";

/** s3rver's fixed credentials; the SDK's chain reads them from the environment, as it would real ones. */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** Settings of a store in this server's bucket (path-style, presigned downloads unless told). */
  settings(overrides?: Partial<S3Settings>): S3Settings;
  close(): Promise<void>;
}

const OWN_PROCESS = fileURLToPath(new URL("./s3rver-own-process.mjs", import.meta.url));

/** One bucket over files in `directory`, on a free port. */
const serverOptions = (directory: string, bucket: string) => ({
  address: "127.0.0.1",
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [] }],
});

/** s3rver in this process, and how to stop it. */
async function inProcess(directory: string, bucket: string) {
  const server = new S3rver(serverOptions(directory, bucket));
  const { port } = (await server.run()) as { port: number };
  return { port, stop: () => server.close() };
}

/** s3rver in a child with OpenSSL's legacy provider, which its paged listings need (s3rver-own-process.mjs). */
async function ownProcess(directory: string, bucket: string) {
  const child = spawn(
    process.execPath,
    ["--openssl-legacy-provider", OWN_PROCESS, JSON.stringify(serverOptions(directory, bucket))],
    {
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  const died = once(child, "exit").then(([code]) => {
    throw new Error(`s3rver exited (${code}) before it answered`);
  });
  const [line] = (await Promise.race([once(createInterface({ input: child.stdout }), "line"), died])) as [string];
  died.catch(() => undefined);
  const { port } = JSON.parse(line) as { port: number };
  return {
    port,
    async stop() {
      const exited = once(child, "exit");
      child.stdin.end();
      await exited;
    },
  };
}

/** `ownProcess`: lists longer than one page work (see s3rver-own-process.mjs); a little slower to start. */
export async function startS3Server(
  bucket = "clipwright-test",
  options: { ownProcess?: boolean } = {},
): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), "cw-s3rver-"));
  const { port, stop } = await (options.ownProcess ? ownProcess : inProcess)(directory, bucket);
  process.env.AWS_ACCESS_KEY_ID ??= S3RVER_CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY ??= S3RVER_CREDENTIALS.secretAccessKey;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    settings: (overrides = {}) => ({
      bucket,
      prefix: "",
      endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      publicAccess: "presigned",
      ...overrides,
    }),
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
