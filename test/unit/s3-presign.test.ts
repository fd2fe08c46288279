// The synchronous presigner (aws4) writes the same URL as the AWS SDK's own asynchronous one, for the
// same object, time, lifetime and credentials: path-style and virtual-hosted, with and without a session token.
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { describe, expect, it } from "vitest";
import { presignGet } from "../../src/storage/s3-presign.js";

const now = new Date("2026-11-28T05:20:07.000Z");
const cases = [
  {
    name: "path-style, a self-hosted store",
    endpoint: "http://127.0.0.1:9000",
    forcePathStyle: true,
    sessionToken: undefined,
  },
  {
    name: "virtual-hosted, AWS",
    endpoint: "https://s3.eu-west-1.amazonaws.com",
    forcePathStyle: false,
    sessionToken: undefined,
  },
  {
    name: "with a session token",
    endpoint: "https://s3.eu-west-1.amazonaws.com",
    forcePathStyle: false,
    sessionToken: "FwoGZXIvYXdzEB",
  },
];

describe("presignGet", () => {
  it.each(cases)("matches the SDK's presigner: $name", async ({ endpoint, forcePathStyle, sessionToken }) => {
    const credentials = { accessKeyId: "AKIAEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG", sessionToken };
    const region = "eu-west-1";
    const key = "team-a/jobs/job_01/video.mp4";
    // Without response checksums, which a presigned GET for a browser has no use for.
    const client = new S3Client({
      region,
      endpoint,
      forcePathStyle,
      credentials,
      responseChecksumValidation: "WHEN_REQUIRED",
      requestChecksumCalculation: "WHEN_REQUIRED",
    });
    const sdk = await getSignedUrl(client, new GetObjectCommand({ Bucket: "cw-bucket", Key: key }), {
      expiresIn: 3600,
      signingDate: now,
    });
    const ours = presignGet({
      endpoint,
      bucket: "cw-bucket",
      key,
      region,
      forcePathStyle,
      credentials,
      now,
      ttlSeconds: 3600,
    });
    const a = new URL(sdk);
    const b = new URL(ours.url);
    expect(b.origin + b.pathname).toBe(a.origin + a.pathname);
    const query = (u: URL) => Object.fromEntries([...u.searchParams].sort());
    expect(query(b)).toEqual(query(a));
    expect(ours.expiresAt).toBe("2026-11-28T06:20:07.000Z");
    client.destroy();
  });
});
