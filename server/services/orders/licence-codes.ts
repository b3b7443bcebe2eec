// Licence codes: XXXX-XXXX-XXXX from a 32-letter alphabet without look-alikes (0/O, 1/I/L), i.e.
// 12 × 5 = 60 bits from the CSPRNG. Only a sha256 hash is stored: 60 random bits cannot be
// brute-forced from the hash, and an unsalted hash lets a redeem look the code up by index.
import { createHash, randomBytes } from 'node:crypto';

export const LICENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const GROUPS = 3;
const GROUP_LEN = 4;
const LEN = GROUPS * GROUP_LEN;

/** A new random code, formatted `XXXX-XXXX-XXXX`. */
export function generateLicenceCode(): string {
  // 256 is a multiple of 32, so `byte & 31` is unbiased.
  const chars = Array.from(randomBytes(LEN), (b) => LICENCE_ALPHABET[b & 31]).join('');
  return formatLicenceCode(chars);
}

/** Uppercases and drops spaces/dashes; null when what remains is not a well-formed code. */
export function normalizeLicenceCode(input: string): string | null {
  const s = input.toUpperCase().replace(/[\s-]/g, '');
  if (s.length !== LEN) return null;
  for (const c of s) if (!LICENCE_ALPHABET.includes(c)) return null;
  return s;
}

export function formatLicenceCode(normalized: string): string {
  return normalized.match(new RegExp(`.{1,${GROUP_LEN}}`, 'g'))!.join('-');
}

/** sha256 (hex) of the normalised code: what the database stores and looks up. */
export function hashLicenceCode(code: string): string {
  const n = normalizeLicenceCode(code);
  if (!n) throw new Error('Not a licence code');
  return createHash('sha256').update(n).digest('hex');
}

/** Last 4 characters, stored next to the hash so a code can be recognised without revealing it. */
export function licenceCodeHint(code: string): string {
  const n = normalizeLicenceCode(code);
  if (!n) throw new Error('Not a licence code');
  return n.slice(-4);
}

/** A fresh code with the columns to store for it. */
export function issueLicenceCode(): { code: string; code_hash: string; code_hint: string } {
  const code = generateLicenceCode();
  return { code, code_hash: hashLicenceCode(code), code_hint: licenceCodeHint(code) };
}
