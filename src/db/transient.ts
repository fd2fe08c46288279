/**
 * Database errors that say "try again shortly" rather than "this request is wrong": SQLite's busy and
 * locked answers, PostgreSQL's connection-exception class (08…), serialization failures and deadlocks
 * (40001, 40P01), an administrator shutdown (57P01–57P03), and a refused or reset connection. Money
 * moving operations answer them with 503 wallet_unavailable (nothing created or charged) instead of 500.
 */
export function isTransientDbError(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: unknown } | null;
  const code = typeof e?.code === "string" ? e.code : null;
  if (code) {
    if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED" || code.startsWith("SQLITE_BUSY_")) return true;
    if (/^08[0-9A-Z]{3}$/.test(code) || code === "40001" || code === "40P01" || /^57P0[1-3]$/.test(code)) return true;
    if (code === "ECONNREFUSED" || code === "ECONNRESET" || code === "EPIPE" || code === "ETIMEDOUT") return true;
  }
  if (e?.cause && e.cause !== err) return isTransientDbError(e.cause);
  return /Connection terminated|connection timeout/i.test(String((err as Error | null)?.message ?? ""));
}
