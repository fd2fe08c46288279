/** Matches "/webhooks/:id" against a path: the named parts, or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split("/");
  const got = (path.length > 1 ? path.replace(/\/+$/, "") : path).split("/");
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const value = got[i] ?? "";
    if (part.startsWith(":")) {
      if (!value) return null;
      params[part.slice(1)] = decodeURIComponent(value);
    } else if (part !== value) {
      return null;
    }
  }
  return params;
}

/**
 * Where to go back to after signing in: only a path of this app (never another origin, "//host", a
 * scheme or a backslash some browsers read as a slash), so a crafted sign-in link cannot send a person
 * elsewhere.
 */
export function safeReturnPath(raw: string | null): string {
  if (!raw?.startsWith("/") || raw.startsWith("//") || raw.includes("\\")) return "/";
  return raw;
}
