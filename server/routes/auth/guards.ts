// Shared pieces of the account routes: the public access key check and the rate limits.
import type { Config } from '../../config.ts';
import { HttpError } from '../../http-error.ts';
import { hashPassword, verifyPassword } from '../../services/accounts/passwords.ts';

export const ACCESS_KEY_MESSAGE = 'Access key tidak valid';

/** Every guest call carries the public client key (spec 9); anything else is a 400. */
export function requireAccessKey(config: Config, accessKey: string): void {
  if (accessKey !== config.accessKey) throw HttpError.badRequest(ACCESS_KEY_MESSAGE);
}

const MIN = 60_000;
/** Fixed windows, counted in the database (server/services/platform/rate-limit.ts), so they hold across processes. */
export const authLimits = {
  /** Per e-mail, every request. */
  forgotPassword: { limit: 5, windowMs: 60 * MIN },
  /** Per IP. */
  register: { limit: 20, windowMs: 60 * MIN },
  /** Per IP (signatures cannot be guessed; this only bounds the work). */
  sso: { limit: 30, windowMs: 15 * MIN },
  /** Per member: wrong current passwords. */
  changePassword: { limit: 10, windowMs: 15 * MIN },
} as const;

let dummyHash: Promise<string> | undefined;
/**
 * Verifies `password` against `hash`, or against a fixed dummy hash when there is none (unknown
 * e-mail, account without a password), so every failed login costs one argon2 verification.
 */
export async function verifyOrBurn(hash: string | null | undefined, password: string): Promise<boolean> {
  if (hash) return verifyPassword(hash, password);
  dummyHash ??= hashPassword('epot-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
