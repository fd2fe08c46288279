/** Time source. Everything that reads "now" takes a Clock so tests can move time instead of sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** ISO 8601 with milliseconds, always 24 characters: sorts lexicographically in both databases. */
export const iso = (d: Date): string => d.toISOString();

export const addMs = (d: Date, ms: number): Date => new Date(d.getTime() + ms);

/** 'YYYY-MM-DD' of the UTC day containing d. */
export const utcDay = (d: Date): string => d.toISOString().slice(0, 10);

/** First instant after the UTC day 'YYYY-MM-DD' ends. */
export const endOfUtcDay = (day: string): Date => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000);
