import { hash, verify } from "@node-rs/argon2";

// Argon2id (algorithm 2) with OWASP's second recommended profile: 19 MiB, 2 passes.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export const verifyPassword = (stored: string, password: string): Promise<boolean> =>
  verify(stored, password).catch(() => false);

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
