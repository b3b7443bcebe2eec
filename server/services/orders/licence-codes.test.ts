import { describe, expect, it } from 'vitest';
import {
  LICENCE_ALPHABET, generateLicenceCode, hashLicenceCode, issueLicenceCode, licenceCodeHint, normalizeLicenceCode,
} from './licence-codes.ts';

describe('licence codes', () => {
  it('have the XXXX-XXXX-XXXX format from the 32-letter alphabet', () => {
    expect(LICENCE_ALPHABET).toHaveLength(32);
    for (let i = 0; i < 200; i++) {
      const code = generateLicenceCode();
      expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    }
  });

  it('do not repeat and use the whole alphabet', () => {
    const codes = new Set(Array.from({ length: 2000 }, generateLicenceCode));
    expect(codes.size).toBe(2000);
    const seen = new Set([...codes].join('').replaceAll('-', ''));
    expect(seen.size).toBe(32);
  });

  it('hash the same however the member types them', () => {
    const { code, code_hash, code_hint } = issueLicenceCode();
    expect(code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashLicenceCode(code.toLowerCase().replaceAll('-', ' '))).toBe(code_hash);
    expect(hashLicenceCode(code.replaceAll('-', ''))).toBe(code_hash);
    expect(code_hint).toBe(code.slice(-4));
    expect(licenceCodeHint(code)).toBe(code_hint);
  });

  it('reject malformed input', () => {
    expect(normalizeLicenceCode('ABCD-EFGH-JKL')).toBeNull(); // too short
    expect(normalizeLicenceCode('ABCD-EFGH-JKL0')).toBeNull(); // 0 is not in the alphabet
    expect(normalizeLicenceCode('abcd-efgh-jkmn')).toBe('ABCDEFGHJKMN');
    expect(() => hashLicenceCode('nope')).toThrow();
  });
});
