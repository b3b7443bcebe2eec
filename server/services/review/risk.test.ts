// The documented risk formula (docs/review.md), reason by reason, with the texts reviewers read.
import { describe, expect, it } from 'vitest';
import { computeRisk, monitoringLostMs, type RiskEvidence } from './risk.ts';

const base = (): RiskEvidence => ({ violations: [], events: [], deviceReports: [], reloads: 0, sectionEnds: {} });
const min = 60_000;

describe('the risk score', () => {
  it('is 0 with no reasons for a clean attempt', () => {
    expect(computeRisk(base())).toEqual({ score: 0, reasons: [] });
  });

  it('counts tab-leaves with the time away: "3 tab-leaves totalling 2 m 10 s"', () => {
    const e = base();
    e.violations = [1, 2, 3].map((i) => ({ kind: 'open_new_tab' as const, section: 'structure', at: i * min }));
    e.events = [40_000, 50_000, 40_000].map((ms, i) => ({ kind: 'page-away' as const, section: 'structure', at: i * min + 1, duration_ms: ms }));
    // 10 per leave + floor(130 s / 10 s) = 30 + 13.
    expect(computeRisk(e)).toEqual({ score: 43, reasons: [{ code: 'tab_leaves', points: 43, text: '3 kali meninggalkan tab, total 2 m 10 d' }] });
  });

  it('adds the evidence gaps the server computed (issue 27), per section, with their texts', () => {
    const e = base();
    e.gaps = [
      { kind: 'photos_missing', section: 'reading', at: 30 * min, required: 2, received: 0 },
      { kind: 'photo_late', section: 'structure', at: 0, duration_ms: 17 * min },
      { kind: 'heartbeat_gap', section: 'structure', at: 5 * min, duration_ms: 195_000 },
      { kind: 'silent_end', section: 'listening', at: 10 * min, duration_ms: 6 * min },
    ];
    expect(computeRisk(e)).toEqual({ score: 42, reasons: [
      { code: 'photos_missing', points: 20, text: '2 foto pengawasan wajib tidak diterima server di reading' },
      { code: 'silent_end', points: 12, text: 'pemantauan diam selama 6 mnt terakhir di listening' },
      { code: 'heartbeat_gap', points: 8, text: 'sinyal pemantauan tidak diterima selama 3 m 15 d di structure sementara jawaban tetap tersimpan' },
      { code: 'photo_late', points: 2, text: 'jeda foto pengawasan terlalu lama (17 mnt) di structure' },
    ] });
  });

  it('counts the leaves and time away the heartbeats saw when their reports were lost (issue 27)', () => {
    const e = base();
    e.violations = [{ kind: 'open_new_tab', section: 'structure', at: 0 }];
    e.beatTabLeaves = 2;
    e.beatHiddenMs = 45_000;
    expect(computeRisk(e).reasons[0]).toEqual({ code: 'tab_leaves', points: 24, text: '2 kali meninggalkan tab, total 45 d' });
  });

  it('caps the time-away part at 20 points and counts leaves without a reported length', () => {
    const e = base();
    e.violations = [{ kind: 'open_new_tab', section: 'reading', at: 0 }];
    e.events = [{ kind: 'page-away', section: 'reading', at: 1, duration_ms: 30 * min }];
    expect(computeRisk(e).reasons[0]).toEqual({ code: 'tab_leaves', points: 30, text: '1 kali meninggalkan tab, total 30 mnt' });
    e.events = [];
    expect(computeRisk(e).reasons[0]).toEqual({ code: 'tab_leaves', points: 10, text: '1 kali meninggalkan tab' });
  });

  it('adds no face per section ("no face for 48 s in reading"), second faces, face and speech violations', () => {
    const e = base();
    e.events = [
      { kind: 'face-missing', section: 'reading', at: 0, duration_ms: 30_000 },
      { kind: 'face-missing', section: 'reading', at: 5, duration_ms: 18_000 },
      { kind: 'face-multiple', section: 'structure', at: 9, duration_ms: 4_000 },
      { kind: 'face-multiple', section: 'reading', at: 10, duration_ms: 3_000 },
    ];
    e.violations = [
      { kind: 'face', section: 'reading', at: 1 }, { kind: 'face', section: 'reading', at: 2 },
      { kind: 'speech', section: 'listening', at: 3 },
    ];
    const r = computeRisk(e);
    expect(r.reasons).toEqual([
      { code: 'face_multiple', points: 30, text: 'wajah kedua terlihat 2 kali' },
      { code: 'face_missing', points: 9, text: 'wajah tidak terlihat selama 48 d di reading' },
      { code: 'face_violations', points: 10, text: '2 pelanggaran wajah' },
      { code: 'speech', points: 5, text: '1 kali percakapan terdeteksi' },
    ].sort((a, b) => b.points - a.points));
    expect(r.score).toBe(54);
  });

  it('measures monitoring lost from the problem to recovery or the end of the section ("monitoring lost for 6 min")', () => {
    const e = base();
    e.events = [
      { kind: 'camera-ended', section: 'listening', at: 0, duration_ms: null },
      { kind: 'detector-unavailable', section: 'listening', at: 1 * min, duration_ms: null }, // still the same outage
      { kind: 'recovered', section: 'listening', at: 4 * min, duration_ms: null },
      { kind: 'detector-unavailable', section: 'reading', at: 10 * min, duration_ms: null },
    ];
    e.sectionEnds = { listening: 20 * min, reading: 12 * min };
    expect(monitoringLostMs(e)).toBe(6 * min);
    expect(computeRisk(e)).toEqual({ score: 12, reasons: [{ code: 'monitoring_lost', points: 12, text: 'pemantauan terputus selama 6 mnt' }] });
    // An outage of a section that has not closed counts nothing yet.
    expect(monitoringLostMs({ ...e, sectionEnds: { listening: 20 * min } })).toBe(4 * min);
  });

  it('counts a refused camera, device checks continued anyway and reloads', () => {
    const e = base();
    e.events = [{ kind: 'camera-denied', section: 'listening', at: 0, duration_ms: null }, { kind: 'recovered', section: 'listening', at: 30_000, duration_ms: null }];
    e.deviceReports = [{ device: 'camera' }, { device: 'microphone' }, { device: 'camera' }];
    e.reloads = 7;
    const r = computeRisk(e);
    expect(r.reasons).toEqual([
      { code: 'camera_denied', points: 15, text: 'akses kamera ditolak 1 kali' },
      { code: 'device_check', points: 10, text: 'melanjutkan meski pemeriksaan kamera, mikrofon gagal' },
      { code: 'reloads', points: 10, text: 'halaman tes dimuat ulang 7 kali' },
      { code: 'monitoring_lost', points: 2, text: 'pemantauan terputus selama 30 d' },
    ]);
    expect(r.score).toBe(37);
  });

  it('scores a face that never moved (a photo?) per section, and only notes one beside the candidate', () => {
    const e = base();
    e.events = [
      { kind: 'face-still', section: 'reading', at: 0, duration_ms: 95_000 },
      { kind: 'face-still', section: 'reading', at: 200_000, duration_ms: 40_000 },
      { kind: 'face-still', section: 'structure', at: 9, duration_ms: 4_000 }, // under 5 s: no points
      { kind: 'face-still-beside', section: 'structure', at: 10, duration_ms: 600_000 },
    ];
    const r = computeRisk(e);
    expect(r.reasons).toEqual([
      { code: 'face_still', points: 20, text: 'tidak ada wajah yang bergerak (mungkin foto) selama 2 m 15 d di reading' },
      { code: 'face_still_beside', points: 1, text: 'wajah diam di samping peserta 1 kali (tidak dihitung sebagai orang kedua)' },
    ]);
    expect(r.score).toBe(21);
  });

  it('never exceeds 100', () => {
    const e = base();
    e.violations = Array.from({ length: 12 }, (_, i) => ({ kind: 'open_new_tab' as const, section: 'reading', at: i }));
    e.events = Array.from({ length: 5 }, (_, i) => ({ kind: 'face-multiple' as const, section: 'reading', at: i, duration_ms: 5_000 }));
    expect(computeRisk(e).score).toBe(100);
  });
});
