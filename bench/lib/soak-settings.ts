// The soak suite's settings, shared by its parts (bench/suites/soak.ts and bench/lib/soak-*.ts): the
// timeline derived from SOAK_MINUTES, the offered load, and the targets the report judges.
export const MINUTES = Number(process.env.SOAK_MINUTES || 10);
export const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
const LOAD_S = Math.round(MINUTES * 60);
export const WINDOW_S = clamp(Math.round(LOAD_S / 10), 15, 60);
export const WINDOWS = Math.max(2, Math.round(LOAD_S / WINDOW_S));
/** The measured load: whole windows (SOAK_MINUTES rounded to them). */
export const MEASURED_S = WINDOWS * WINDOW_S;
export const WARMUP_WINDOWS = clamp(Math.round(Math.min(LOAD_S / 2, 240) / WINDOW_S), 1, Math.floor(240 / WINDOW_S));
export const IDLE_S = clamp(Math.round(LOAD_S / 10), 15, 45);
export const SAMPLE_S = 5;
export const CLIENTS = 4;
export const RATE_PER_CLIENT = 40;
export const OFFERED = CLIENTS * RATE_PER_CLIENT;

export const TARGETS = { slopeMbPerHour: 50, rssRatio: 1.3, p99Ratio: 1.5, fdsOver: 10 };
