// Password hashing: argon2id with the library's defaults (19 MiB, t=2, p=1: the OWASP baseline).
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

// `Algorithm` is an ambient const enum, which isolatedModules cannot read at runtime: its value is 2.
const ARGON2ID = 2 as Algorithm.Argon2id;

/**
 * The hashing cost. Tests may ask for a cheap one (EPOT_TEST_ARGON2_CHEAP=1): at the default cost a
 * hash takes ~100 ms of a core, and the server suites make thousands. The flag is honoured only when
 * NODE_ENV is 'test', so a production or development server always hashes at the full cost.
 * Verification reads the cost from the stored hash, so cheap and full hashes verify alike.
 */
export function argon2Options(env: NodeJS.ProcessEnv = process.env): Options {
  const cheap = env.NODE_ENV === 'test' && env.EPOT_TEST_ARGON2_CHEAP === '1';
  return cheap ? { algorithm: ARGON2ID, memoryCost: 1024, timeCost: 1 } : { algorithm: ARGON2ID };
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options());
}

/** False (never a throw) for a malformed or missing hash, so callers treat it as a wrong password. */
export async function verifyPassword(hashed: string | null, password: string): Promise<boolean> {
  if (!hashed) return false;
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}
