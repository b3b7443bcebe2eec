// The 1,000 most common passwords (server/data/common-passwords.txt: one per line, lowercase,
// all at least 8 characters long since shorter ones already fail the minimum length), compared
// case-insensitively. Read once, on first use.
import { readFileSync } from 'node:fs';

export const COMMON_PASSWORD_MESSAGE = 'Password terlalu umum dan mudah ditebak, silakan gunakan password lain';

let list: Set<string> | undefined;

export function commonPasswords(): Set<string> {
  list ??= new Set(readFileSync(new URL('../../data/common-passwords.txt', import.meta.url), 'utf8')
    .split('\n').map((l) => l.trim()).filter(Boolean));
  return list;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
