import { describe, expect, it } from 'vitest';
import { previewPhrases, previewText } from './settings-preview.ts';

const flags = (face: boolean, voice: boolean, new_tab: boolean) => ({ face, voice, new_tab });

describe('settings preview', () => {
  it('reads like the issue example for camera on, only the tab check, tab disqualifies', () => {
    const text = previewText({ active_camera: true, setting: { identification: flags(false, false, true), failed: flags(false, false, true) } });
    expect(text).toBe('kamera wajib; tab baru dihitung; gugur pada pelanggaran ke-3 tab baru; wajah tidak diperiksa; suara tidak diperiksa');
  });

  it('says warnings only where a check runs without ending the test', () => {
    const phrases = previewPhrases({ active_camera: false, setting: { identification: flags(true, true, true), failed: flags(true, false, false) } });
    expect(phrases).toEqual([
      'kamera tidak dipakai',
      'tab baru dihitung', 'pelanggaran tab baru hanya peringatan',
      'wajah dihitung', 'gugur pada pelanggaran ke-3 wajah',
      'suara dihitung', 'pelanggaran suara hanya peringatan',
    ]);
  });

  it('follows the shared rule: a check that does not run cannot end the test', () => {
    const phrases = previewPhrases({ active_camera: true, setting: { identification: flags(false, false, false), failed: flags(true, true, true) } });
    expect(phrases).toEqual(['kamera wajib', 'tab baru tidak diperiksa', 'wajah tidak diperiksa', 'suara tidak diperiksa']);
    expect(phrases.join(' ')).not.toMatch(/gugur/);
  });
});
