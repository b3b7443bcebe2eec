import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commonPasswords, isCommonPassword } from './common-passwords.ts';

describe('common passwords', () => {
  it('ships exactly 1,000 unique lowercase entries of at least 8 characters', () => {
    const lines = readFileSync(new URL('../../data/common-passwords.txt', import.meta.url), 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(1000);
    expect(new Set(lines).size).toBe(1000);
    expect(commonPasswords().size).toBe(1000);
    for (const l of lines) {
      expect(l).toBe(l.toLowerCase().trim());
      expect(l.length).toBeGreaterThanOrEqual(8);
    }
  });

  it('compares case-insensitively', () => {
    expect(isCommonPassword('PassWord1')).toBe(true);
    expect(isCommonPassword('Bismillah')).toBe(true);
    expect(isCommonPassword('Ujian-Rahasia-2026')).toBe(false);
  });
});
