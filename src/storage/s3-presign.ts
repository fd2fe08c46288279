import aws4 from "aws4";

/**
 * A presigned GET (AWS Signature V4 in the query string) for one object. aws4 signs synchronously, so
 * a URL can be written into an answer the moment it is built; the SDK's own presigner is asynchronous
 * throughout, and every answer that carries a file URL would have to become so (decision 0042).
 */
/** Where a presigned URL of the bucket points: the store's host (path-style) or the bucket's own. */
export function bucketOrigin(endpoint: string, bucket: string, forcePathStyle: boolean): string {
  const base = new URL(endpoint);
  return `${base.protocol}//${forcePathStyle ? base.host : `${bucket}.${base.host}`}`;
}

export function presignGet(input: {
  endpoint: string;
  bucket: string;
  key: string;
  region: string;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  now: Date;
  ttlSeconds: number;
}): { url: string; expiresAt: string } {
  const base = new URL(input.endpoint);
  const origin = bucketOrigin(input.endpoint, input.bucket, input.forcePathStyle);
  const host = new URL(origin).host;
  const prefix = base.pathname.replace(/\/$/, "");
  const objectPath = `${prefix}${input.forcePathStyle ? `/${input.bucket}` : ""}/${input.key
    .split("/")
    .map(encodeURIComponent)
    .join("/")}`;
  const amzDate = input.now.toISOString().replace(/[:-]|\.\d{3}/g, "");
  const request = {
    host,
    method: "GET",
    // The same query as the SDK's presigner writes (x-id names the operation; the payload is not signed).
    path: `${objectPath}?X-Amz-Content-Sha256=UNSIGNED-PAYLOAD&X-Amz-Expires=${input.ttlSeconds}&X-Amz-Date=${amzDate}&x-id=GetObject`,
    service: "s3",
    region: input.region,
    signQuery: true,
  };
  aws4.sign(request, {
    accessKeyId: input.credentials.accessKeyId,
    secretAccessKey: input.credentials.secretAccessKey,
    ...(input.credentials.sessionToken ? { sessionToken: input.credentials.sessionToken } : {}),
  });
  return {
    url: `${origin}${request.path}`,
    expiresAt: new Date(Math.floor(input.now.getTime() / 1000) * 1000 + input.ttlSeconds * 1000).toISOString(),
  };
}
