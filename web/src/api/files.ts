/**
 * Where this page loads a stored file from. The API answers signed file URLs: the service's own
 * (`/files/…`, the signature is the credential, no session needed), or an object store's presigned URL
 * when the service keeps its files in S3. The service's own is used as a path of this origin, so the
 * page's policy (`'self'`) admits it whatever public address the service was given; a store's URL is
 * used as it is (the service's policy names the store's origin when it hands out such URLs).
 */
export function fileAddress(url: string): string {
  const parsed = new URL(url, window.location.origin);
  return parsed.pathname.startsWith("/files/") ? `${parsed.pathname}${parsed.search}` : parsed.href;
}
