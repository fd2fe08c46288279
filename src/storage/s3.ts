import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { Readable, Transform } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { Clock } from "../clock.js";
import type { FileLinks } from "./file-links.js";
import { bucketOrigin, presignGet } from "./s3-presign.js";
import {
  assertStorageKey,
  assertStoragePrefix,
  isStorageKey,
  type ListedFile,
  type Storage,
  StorageUnavailable,
  type StoredFile,
  StoredFileMissing,
} from "./storage.js";

export interface S3Settings {
  bucket: string;
  /** Prepended to every key ("clipwright/"): several services can share a bucket. */
  prefix: string;
  /** A non-AWS store's address (MinIO, R2, Ceph); AWS's own when unset. */
  endpoint: string | undefined;
  region: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key`: what most self-hosted stores need. */
  forcePathStyle: boolean;
  /** "presigned": download URLs point at the store; "proxy": at the API, which streams from the store. */
  publicAccess: "presigned" | "proxy";
  /** Keys per listing page; unset, the store's own (1000 on S3). Tests set a small one to list several pages. */
  listPageSize?: number;
}

/** Parts of a multipart upload, and how many go up at once: at most PART × QUEUE bytes are held. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_AT_ONCE = 2;
/** Credentials from the chain are looked up again this often, so presigning always has fresh ones. */
const CREDENTIALS_REFRESH_MS = 5 * 60_000;

/**
 * Files in an S3-compatible bucket, through the official AWS SDK v3: credentials come from the SDK's
 * usual chain (environment, shared files, SSO, container and instance roles). Large files go up as
 * streamed multipart uploads, hashed on the way. Every failure of the store itself becomes
 * StorageUnavailable (the API's `storage_unavailable`; a job retries), a missing key StoredFileMissing.
 */
export class S3Storage implements Storage {
  private readonly client: S3Client;
  private credentials: Awaited<ReturnType<S3Client["config"]["credentials"]>> | null = null;
  private readonly refresher: NodeJS.Timeout;

  constructor(
    private readonly settings: S3Settings,
    private readonly links: FileLinks,
    private readonly clock: Clock,
    clientConfig: S3ClientConfig = {},
  ) {
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      ...clientConfig,
    });
    this.refresher = setInterval(() => void this.refreshCredentials(), CREDENTIALS_REFRESH_MS);
    this.refresher.unref();
  }

  /** Looks the credentials up once before the first presigned URL is needed. */
  async start(): Promise<void> {
    await this.refreshCredentials();
  }

  close(): void {
    clearInterval(this.refresher);
    this.client.destroy();
  }

  async put(key: string, data: Buffer | NodeJS.ReadableStream): Promise<StoredFile> {
    const source = Buffer.isBuffer(data) ? Readable.from([data]) : (data as Readable);
    const hash = createHash("sha256");
    let bytes = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    source.on("error", (err) => counted.destroy(err));
    const objectKey = this.objectKey(key);
    source.pipe(counted);
    await this.call("put", () =>
      new Upload({
        client: this.client,
        params: { Bucket: this.settings.bucket, Key: objectKey, Body: counted },
        partSize: PART_BYTES,
        queueSize: PARTS_AT_ONCE,
        leavePartsOnError: false,
      }).done(),
    );
    return { key, bytes, sha256: hash.digest("hex") };
  }

  putFile(key: string, path: string): Promise<StoredFile> {
    return this.put(key, createReadStream(path));
  }

  async get(key: string): Promise<Buffer> {
    const body = await this.body(key);
    return Buffer.from(await this.call("get", () => body.transformToByteArray()));
  }

  async open(key: string): Promise<NodeJS.ReadableStream> {
    return (await this.body(key)) as unknown as Readable;
  }

  async delete(key: string): Promise<void> {
    const objectKey = this.objectKey(key);
    await this.call("delete", () =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: objectKey })),
    );
  }

  async exists(key: string): Promise<boolean> {
    const objectKey = this.objectKey(key);
    try {
      await this.call("exists", () =>
        this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: objectKey })),
      );
      return true;
    } catch (err) {
      if (err instanceof StoredFileMissing) return false;
      throw err;
    }
  }

  async *list(prefix: string): AsyncIterable<ListedFile> {
    assertStoragePrefix(prefix);
    const { bucket, prefix: ours, listPageSize } = this.settings;
    let token: string | undefined;
    do {
      const page = await this.call("list", () =>
        this.client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: `${ours}${prefix}`,
            ContinuationToken: token,
            MaxKeys: listPageSize,
          }),
        ),
      ).catch((err) => {
        // A listing has no missing key: a 404 here is a missing bucket, the store's fault.
        throw err instanceof StoredFileMissing ? new StorageUnavailable("list (no bucket)") : err;
      });
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(ours.length);
        if (!key || !isStorageKey(key)) continue;
        yield { key, bytes: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Nothing: LastModified is write time, and a re-write to move it costs more than it keeps (decision 0045). */
  async touch(key: string): Promise<void> {
    assertStorageKey(key);
  }

  signedUrl(key: string, ttlSeconds: number): { url: string; expiresAt: string } {
    assertStorageKey(key);
    // The chain is asynchronous, a URL is not: credentials are kept fresh in the background. Until the
    // chain has answered once, the API's own link serves the file (it streams from the store).
    if (this.settings.publicAccess === "proxy" || !this.credentials) return this.links.link(key, ttlSeconds);
    return presignGet({
      endpoint: this.endpoint(),
      bucket: this.settings.bucket,
      key: this.objectKey(key),
      region: this.settings.region,
      forcePathStyle: this.settings.forcePathStyle,
      credentials: this.credentials,
      now: this.clock.now(),
      ttlSeconds,
    });
  }

  /** The origin presigned URLs point at (a browser must be allowed to load from it); null when proxied. */
  downloadOrigin(): string | null {
    if (this.settings.publicAccess === "proxy") return null;
    return bucketOrigin(this.endpoint(), this.settings.bucket, this.settings.forcePathStyle);
  }

  async check(): Promise<boolean> {
    return this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket })).then(
      () => true,
      () => false,
    );
  }

  private endpoint(): string {
    return this.settings.endpoint ?? `https://s3.${this.settings.region}.amazonaws.com`;
  }

  private async refreshCredentials(): Promise<void> {
    this.credentials = await this.client.config.credentials().catch(() => this.credentials);
  }

  private async body(key: string) {
    const objectKey = this.objectKey(key);
    const answer = await this.call("get", () =>
      this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: objectKey })),
    );
    if (!answer.Body) throw new StorageUnavailable("get (empty answer)");
    return answer.Body;
  }

  private objectKey(key: string): string {
    assertStorageKey(key);
    return `${this.settings.prefix}${key}`;
  }

  /** One call to the store: a missing object is StoredFileMissing, any other failure StorageUnavailable. */
  private async call<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404) {
        throw new StoredFileMissing(operation);
      }
      throw new StorageUnavailable(operation, { cause: err });
    }
  }
}
