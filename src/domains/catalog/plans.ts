/**
 * Plans a deployment sells. Seconds are granted for one period; unused plan seconds lapse at its end
 * (top-up seconds never lapse). Self-hosters edit this list; ids are stable API values.
 */
export interface Plan {
  id: string;
  name: string;
  /** Video time granted each period, in seconds. */
  secondsPerPeriod: number;
  periodDays: number;
  priceCents: number;
  currency: string;
  /** Renders and exports running at once (the spec's default ceiling is three). */
  maxConcurrentJobs: number;
  watermark: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: "starter",
    name: "Starter",
    secondsPerPeriod: 1_800,
    periodDays: 30,
    priceCents: 2_900,
    currency: "usd",
    maxConcurrentJobs: 3,
    watermark: false,
  },
  {
    id: "pro",
    name: "Pro",
    secondsPerPeriod: 7_200,
    periodDays: 30,
    priceCents: 8_900,
    currency: "usd",
    maxConcurrentJobs: 3,
    watermark: false,
  },
  {
    id: "business",
    name: "Business",
    secondsPerPeriod: 36_000,
    periodDays: 30,
    priceCents: 34_900,
    currency: "usd",
    maxConcurrentJobs: 3,
    watermark: false,
  },
];

export const findPlan = (id: string): Plan | undefined => PLANS.find((p) => p.id === id);
