import { describe, expect, it } from 'vitest';
import { stopCause, stopText } from './stop-cause.ts';

describe('the end page names what ended the test', () => {
  it("tabs: the spec's text; face and speech: ours; anything else the neutral text", () => {
    expect(stopText('violations:open_new_tab')).toBe('Anda terindikasi melakukan kecurangan dengan membuka tab baru sebanyak 3 kali.');
    expect(stopText('violations:face')).toBe('Anda terindikasi melakukan kecurangan: wajah Anda tidak terdeteksi atau terdeteksi lebih dari 1 wajah sebanyak 3 kali.');
    expect(stopText('violations:speech')).toBe('Anda terindikasi melakukan kecurangan: percakapan terdeteksi sebanyak 3 kali selama tes.');
    for (const r of [null, undefined, 'candidate app: listening', 'violations:other']) {
      expect(stopText(r)).toBe('Anda terindikasi melakukan kecurangan selama tes.');
    }
    expect(stopCause('violations:face')).toBe('face');
  });
});
