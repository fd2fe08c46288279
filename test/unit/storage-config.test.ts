import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";

const storage = (env: Record<string, string>) => loadConfig(env).storage;

describe("CLIPWRIGHT_STORAGE and the S3 settings", () => {
  it("is local unless told", () => {
    expect(storage({})).toEqual({ backend: "local" });
    expect(storage({ CLIPWRIGHT_STORAGE: "local" })).toEqual({ backend: "local" });
  });

  it("reads a bucket on AWS: virtual-hosted, presigned, us-east-1", () => {
    expect(storage({ CLIPWRIGHT_STORAGE: "s3", CLIPWRIGHT_S3_BUCKET: "videos" })).toEqual({
      backend: "s3",
      bucket: "videos",
      prefix: "",
      endpoint: undefined,
      region: "us-east-1",
      forcePathStyle: false,
      publicAccess: "presigned",
    });
  });

  it("reads a self-hosted store: path-style by default, the prefix ends in one slash", () => {
    expect(
      storage({
        CLIPWRIGHT_STORAGE: "s3",
        CLIPWRIGHT_S3_BUCKET: "videos",
        CLIPWRIGHT_S3_ENDPOINT: "http://minio:9000/",
        CLIPWRIGHT_S3_PREFIX: "/team-a",
        CLIPWRIGHT_S3_REGION: "auto",
        CLIPWRIGHT_STORAGE_PUBLIC: "proxy",
      }),
    ).toMatchObject({
      endpoint: "http://minio:9000",
      prefix: "team-a/",
      region: "auto",
      forcePathStyle: true,
      publicAccess: "proxy",
    });
    expect(
      storage({
        CLIPWRIGHT_STORAGE: "s3",
        CLIPWRIGHT_S3_BUCKET: "v",
        CLIPWRIGHT_S3_ENDPOINT: "https://r2.example",
        CLIPWRIGHT_S3_PATH_STYLE: "false",
      }),
    ).toMatchObject({ forcePathStyle: false });
  });

  it.each([
    [{ CLIPWRIGHT_STORAGE: "gcs" }, /CLIPWRIGHT_STORAGE must be local or s3/],
    [{ CLIPWRIGHT_STORAGE: "s3" }, /CLIPWRIGHT_S3_BUCKET is required/],
    [
      { CLIPWRIGHT_STORAGE: "s3", CLIPWRIGHT_S3_BUCKET: "v", CLIPWRIGHT_S3_ENDPOINT: "minio:9000" },
      /http\(s\) address/,
    ],
    [{ CLIPWRIGHT_STORAGE: "s3", CLIPWRIGHT_S3_BUCKET: "v", CLIPWRIGHT_S3_PREFIX: "a b" }, /CLIPWRIGHT_S3_PREFIX/],
    [{ CLIPWRIGHT_STORAGE: "s3", CLIPWRIGHT_S3_BUCKET: "v", CLIPWRIGHT_S3_PATH_STYLE: "yes" }, /true or false/],
    [
      { CLIPWRIGHT_STORAGE: "s3", CLIPWRIGHT_S3_BUCKET: "v", CLIPWRIGHT_STORAGE_PUBLIC: "public" },
      /presigned or proxy/,
    ],
  ])("refuses %o at start", (env, message) => {
    expect(() => storage(env)).toThrow(ConfigError);
    expect(() => storage(env)).toThrow(message);
  });
});
