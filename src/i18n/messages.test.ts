// The catalogue takes the server's texts from contracts/facts: they must still read, byte for byte,
// as the spec writes them (a change in facts would otherwise change a screen silently).
import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';

describe('catalogue texts shared with the server', () => {
  it('are the spec texts verbatim', () => {
    expect(messages.exam.testDone).toBe('Maaf, Tes ini sudah selesai');
    expect(messages.exam.testDisqualified).toBe('Maaf, Tes ini sudah selesai dan terdiskualifikasi');
    expect(messages.exam.readingDone).toBe('Maaf, section reading sudah selesai');
    expect(messages.exam.sectionClosed('structure')).toBe('Maaf, section structure sudah selesai');
    expect(messages.exam.finishFirst('listening')).toBe('Selesaikan section listening terlebih dahulu');
    expect(messages.exam.timeUp).toBe('Waktu section sudah habis');
    expect(messages.forgot.otpSent).toBe('OTP berhasil dikirim');
  });

  it('state the fixed section lengths in whole minutes', () => {
    expect(messages.exam.announcement.structure.minutes).toBe(25);
    expect(messages.exam.announcement.reading.minutes).toBe(55);
  });
});
