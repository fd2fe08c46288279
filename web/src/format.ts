/** How the dashboard writes numbers, times and durations (English, the reader's own time zone). */
const LOCALE = "en";

const dateTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeZone: "UTC" });
const number = new Intl.NumberFormat(LOCALE);

export const formatNumber = (n: number): string => number.format(n);

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : "—";
}

/** A UTC day (YYYY-MM-DD), as a date. */
export function formatDay(day: string | null | undefined): string {
  return day ? dateOnly.format(new Date(`${day}T00:00:00Z`)) : "—";
}

/** Video time: "45 s", "12 min 30 s", "2 h 5 min". */
export function formatSeconds(total: number): string {
  const sign = total < 0 ? "−" : "";
  const s = Math.abs(Math.round(total));
  if (s < 60) return `${sign}${s} s`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (h > 0) return `${sign}${h} h${m ? ` ${m} min` : ""}`;
  return `${sign}${m} min${rest ? ` ${rest} s` : ""}`;
}

/** A signed change of seconds: "+10 min", "−45 s". */
export const formatDelta = (delta: number): string => (delta > 0 ? `+${formatSeconds(delta)}` : formatSeconds(delta));

/** "3 minutes ago", "in 2 hours". */
export function formatRelative(iso: string, now = Date.now()): string {
  const diff = Date.parse(iso) - now;
  const abs = Math.abs(diff);
  const rtf = new Intl.RelativeTimeFormat(LOCALE, { numeric: "auto" });
  if (abs < 60_000) return rtf.format(Math.round(diff / 1000), "second");
  if (abs < 3_600_000) return rtf.format(Math.round(diff / 60_000), "minute");
  if (abs < 86_400_000) return rtf.format(Math.round(diff / 3_600_000), "hour");
  return rtf.format(Math.round(diff / 86_400_000), "day");
}
