/**
 * Where the session token lives (docs/decisions/0040-dashboard.md): in this module's memory, mirrored
 * to sessionStorage so a reload keeps the person signed in. sessionStorage belongs to this tab alone
 * and is gone when the tab closes; no cookie carries it, so no other site's request can use it. What
 * keeps script from reading it is the page's policy: only this origin's files run, and no page text
 * is ever parsed as HTML.
 */
export interface StoredSession {
  token: string;
  expiresAt: string;
}

const KEY = "clipwright.session";
let current: StoredSession | null = load();

function load(): StoredSession | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as StoredSession) : null;
    return parsed && typeof parsed.token === "string" && typeof parsed.expiresAt === "string" ? parsed : null;
  } catch {
    return null; // storage refused (a privacy mode): memory only, a reload signs out
  }
}

/** The token while its session has not passed its expiry. */
export function sessionToken(): string | null {
  if (current && Date.parse(current.expiresAt) <= Date.now()) forgetSession();
  return current?.token ?? null;
}

/** When the current session ends (the service's `expiresAt`). */
export const sessionExpiresAt = (): string | null => current?.expiresAt ?? null;

export function keepSession(session: StoredSession): void {
  current = { token: session.token, expiresAt: session.expiresAt };
  try {
    sessionStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    // memory only
  }
}

export function forgetSession(): void {
  current = null;
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
