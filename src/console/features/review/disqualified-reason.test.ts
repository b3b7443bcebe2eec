import { describe, expect, it } from 'vitest';
import { disqualifiedReasonText } from './disqualified-reason.ts';

describe('disqualification reasons for reviewers', () => {
  it('turns every code the server writes into a sentence, never the code itself', () => {
    expect(disqualifiedReasonText('violations:open_new_tab')).toBe('Meninggalkan halaman tes 3 kali');
    expect(disqualifiedReasonText('violations:face')).toMatch(/^Pelanggaran wajah/);
    expect(disqualifiedReasonText('violations:speech')).toBe('Percakapan terdeteksi 3 kali');
    expect(disqualifiedReasonText('candidate app: listening')).toBe('Dihentikan oleh aplikasi peserta saat section listening');
    for (const code of ['violations:unknown', 'something else', '']) expect(disqualifiedReasonText(code)).toBe('Dihentikan oleh sistem');
  });
});
