// `npm run s3:local`: an S3-compatible server on this machine for trying the fleet (README, "Scale-out").
// It is s3rver, the test double the tests use (a dev dependency): objects are plain files under
// ./data/s3rver, signatures are checked loosely, and it is no store to deploy. Production uses AWS S3,
// MinIO, Cloudflare R2 or Ceph. Options: --port (9000), --bucket (clipwright), --dir (data/s3rver).
// npm runs it with OpenSSL's legacy provider: s3rver seals paged listings' tokens with DES, and without
// it a listing past one page (the export cache sweep's) fails.
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import S3rver from "s3rver";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "9000" },
    bucket: { type: "string", default: "clipwright" },
    dir: { type: "string", default: "data/s3rver" },
  },
});
const directory = resolve(values.dir);
mkdirSync(directory, { recursive: true });
const server = new S3rver({
  address: "127.0.0.1",
  port: Number(values.port),
  silent: true,
  directory,
  configureBuckets: [{ name: values.bucket, configs: [] }],
});
const { port } = await server.run();
process.stdout.write(
  `Local S3 (s3rver, for trying only) at http://127.0.0.1:${port}, bucket "${values.bucket}", ` +
    `credentials S3RVER / S3RVER, objects in ${directory}\n`,
);
const stop = () => server.close().then(() => process.exit(0));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
