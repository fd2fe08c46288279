import type { Redis } from "ioredis";
import type { RateLimitStore, WindowState } from "./store.js";

// INCRBY, then open the window on the first hit. PTTL < 0 guards a key left without expiry. A window
// in its last millisecond (PTTL 0: still there, gone a moment later) is closed first, as peek() already
// counts it closed: a hit must open a fresh window, not count into one about to vanish with it.
const HIT = `
if redis.call('PTTL', KEYS[1]) == 0 then redis.call('DEL', KEYS[1]) end
local c = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if c == tonumber(ARGV[2]) or ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {c, ttl}`;

const UNDO = `
local c = tonumber(redis.call('GET', KEYS[1]) or '0')
if c > 0 then redis.call('DECRBY', KEYS[1], math.min(c, tonumber(ARGV[1]))) end
return 0`;

/** Shared fixed windows: every API process on the same Redis counts into the same windows. */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = "cw:rl:",
  ) {}

  async hit(key: string, windowMs: number, cost = 1): Promise<WindowState> {
    const [count, ttl] = (await this.redis.eval(HIT, 1, this.prefix + key, windowMs, cost)) as [number, number];
    return { count, resetAt: Date.now() + ttl };
  }

  async peek(key: string): Promise<WindowState | null> {
    const k = this.prefix + key;
    const [count, ttl] = await Promise.all([this.redis.get(k), this.redis.pttl(k)]);
    if (count === null || ttl <= 0) return null;
    return { count: Number(count), resetAt: Date.now() + ttl };
  }

  async undo(key: string, cost = 1): Promise<void> {
    await this.redis.eval(UNDO, 1, this.prefix + key, cost);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
