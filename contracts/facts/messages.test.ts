import { describe, expect, it } from 'vitest';
import { matchServerMessage, SECTION_MESSAGES, SERVER_MESSAGES } from './messages.ts';
import { SECTION_NAMES } from './sections.ts';

describe('server messages', () => {
  it("keep the spec's texts verbatim", () => {
    expect(SERVER_MESSAGES.testFinished).toBe('Maaf, Tes ini sudah selesai');
    expect(SERVER_MESSAGES.testDisqualified).toBe('Maaf, Tes ini sudah selesai dan terdiskualifikasi');
    expect(SECTION_MESSAGES.sectionClosed('reading')).toBe('Maaf, section reading sudah selesai');
    expect(SERVER_MESSAGES.licenceRedeemed).toBe('Kode Lisensi berhasil di redeem');
    expect(SERVER_MESSAGES.notRegistered).toBe('Email Anda tidak terdaftar pada sistem kami');
  });

  it('are matched back to their code (and section)', () => {
    for (const [code, text] of Object.entries(SERVER_MESSAGES)) expect(matchServerMessage(text)).toEqual({ code });
    for (const [code, make] of Object.entries(SECTION_MESSAGES)) {
      for (const section of SECTION_NAMES) expect(matchServerMessage(make(section))).toEqual({ code, section });
    }
    expect(matchServerMessage('Maaf, section reading sudah selesai')).toEqual({ code: 'sectionClosed', section: 'reading' });
  });

  it('never share a text, and other texts match nothing', () => {
    const texts = [...Object.values(SERVER_MESSAGES), ...Object.values(SECTION_MESSAGES).flatMap((m) => SECTION_NAMES.map(m))];
    expect(new Set(texts).size).toBe(texts.length);
    for (const other of ['', 'OK', 'maaf, tes ini sudah selesai', 'Maaf, section speaking sudah selesai']) {
      expect(matchServerMessage(other)).toBeNull();
    }
  });
});
