import { DEFAULT_PORT, type EgressTarget } from "./targets.js";

/**
 * The hosts a sign-in may reach (decision 0017, amended by 0028). While demo credentials are in a page,
 * the proxy lets a connection through only to a host and port one of the approved origins names. The
 * scheme is left out on purpose: a CONNECT tunnel says only `host:port`, and whether TLS or a WebSocket
 * runs inside it makes no difference to where the bytes go.
 */
export type ApprovedHosts = ReadonlySet<string>;

/** `hostname:port` of an origin (default port filled in), or null for text that is not an http(s) origin. */
function hostOfOrigin(origin: string): string | null {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  const port = url.port || DEFAULT_PORT[url.protocol];
  return port ? `${url.hostname}:${port}` : null;
}

export const hostOfTarget = (target: EgressTarget): string => `${target.origin.hostname}:${target.port}`;

export function approvedHosts(origins: readonly string[]): ApprovedHosts {
  return new Set(origins.map(hostOfOrigin).filter((h): h is string => h !== null));
}

/** The origin to name when a connection is refused: scheme, host and a non-default port; never a path. */
export const originOfTarget = (target: EgressTarget): string => target.origin.origin;
