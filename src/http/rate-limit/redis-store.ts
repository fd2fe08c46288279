import type { Redis } from "ioredis";
import type { HitsResult, RateLimitStore, WindowHit, WindowState } from "./store.js";

// INCRBY, then open the window on the first hit. PTTL < 0 guards a key left without expiry. A window
// in its last millisecond (PTTL 0: still there, gone a moment later) is closed first, as peek() already
// counts it closed: a hit must open a fresh window, not count into one about to vanish with it.
const HIT = `
if redis.call('PTTL', KEYS[1]) == 0 then redis.call('DEL', KEYS[1]) end
local c = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if c == tonumber(ARGV[2]) or ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {c, ttl}`;

// HIT for each window in order (KEYS; ARGV: cost, then window and limit per key, a limit below 0 being
// none), in one round trip. The first window past its limit stops it: its hit and the earlier ones are
// taken back, as UNDO would, before anything else can run. Returns count and PTTL per window counted.
const HIT_ALL = `
local cost = tonumber(ARGV[1])
local out = {}
for i, key in ipairs(KEYS) do
  local windowMs = tonumber(ARGV[2 * i])
  local limit = tonumber(ARGV[2 * i + 1])
  if redis.call('PTTL', key) == 0 then redis.call('DEL', key) end
  local c = redis.call('INCRBY', key, cost)
  local ttl = redis.call('PTTL', key)
  if c == cost or ttl < 0 then redis.call('PEXPIRE', key, windowMs); ttl = windowMs end
  out[#out + 1] = c
  out[#out + 1] = ttl
  if limit >= 0 and c > limit then
    for j = 1, i do
      local v = tonumber(redis.call('GET', KEYS[j]) or '0')
      if v > 0 then redis.call('DECRBY', KEYS[j], math.min(v, cost)) end
    end
    return out
  end
end
return out`;

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

  async hitAll(hits: readonly WindowHit[], cost: number): Promise<HitsResult> {
    const args: (string | number)[] = [cost];
    for (const h of hits) args.push(h.windowMs, Number.isFinite(h.limit) ? h.limit : -1);
    const keys = hits.map((h) => this.prefix + h.key);
    const flat = (await this.redis.eval(HIT_ALL, keys.length, ...keys, ...args)) as number[];
    const now = Date.now();
    const states: WindowState[] = [];
    for (let i = 0; i < flat.length; i += 2)
      states.push({ count: flat[i] as number, resetAt: now + (flat[i + 1] as number) });
    const last = states.length - 1;
    const refused = (states[last]?.count ?? 0) > (hits[last]?.limit ?? Number.POSITIVE_INFINITY) ? last : -1;
    return { states, refused };
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
