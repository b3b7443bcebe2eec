import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '../../../../contracts/admin-review.ts';
import { disqualifiedReasonText, entryText } from './timeline-text.ts';

const entry = (e: Partial<TimelineEntry>): TimelineEntry => ({
  at: '2026-03-09T03:14:00.000Z', kind: 'violation', section: null, subtype: null, duration_ms: null, count: null, text: null, photo: null, data: null, ...e,
});

describe('timeline entries as text', () => {
  it('names violations, time away, autosaves per minute and monitoring outages', () => {
    expect(entryText(entry({ kind: 'violation', subtype: 'speech', section: 'listening', text: 'jawabannya B' })))
      .toEqual({ title: 'Pelanggaran: suara', section: 'section listening', details: ['Terdengar: "jawabannya B"'] });
    expect(entryText(entry({ kind: 'away', section: 'structure', duration_ms: 130_000 })).details).toEqual(['selama 2 mnt 10 dtk']);
    expect(entryText(entry({ kind: 'autosave', section: 'reading', count: 12 }))).toMatchObject({ title: 'Simpan otomatis', details: ['12×'] });
    expect(entryText(entry({ kind: 'monitoring', subtype: 'camera-ended', duration_ms: 360_000, text: 'track ended' })))
      .toMatchObject({ title: 'Pemantauan: kamera terputus', details: ['selama 6 mnt', 'track ended'] });
    expect(entryText(entry({ kind: 'break', subtype: 'listening', duration_ms: 600_000 })))
      .toMatchObject({ title: 'Istirahat (akomodasi): setelah Listening', details: ['selama 10 mnt'] });
    expect(entryText(entry({ kind: 'face_episode', subtype: 'face-missing', duration_ms: 48_000 })).title).toBe('Wajah: tidak terlihat');
    expect(entryText(entry({ kind: 'monitoring', subtype: 'detector-rate', text: 'slowed to 1.5/s (configured 4/s, floor 1.5/s): detections took 420 ms' })))
      .toMatchObject({ title: 'Pemantauan: kecepatan deteksi wajah berubah', details: ['slowed to 1.5/s (configured 4/s, floor 1.5/s): detections took 420 ms'] });
  });

  it('names the gaps in the evidence the server computed (issue 27)', () => {
    expect(entryText(entry({ kind: 'evidence_gap', subtype: 'heartbeat_gap', section: 'structure', duration_ms: 195_000 })))
      .toEqual({ title: 'Bukti pengawasan tidak lengkap: sinyal pemantauan terhenti sementara jawaban tetap tersimpan', section: 'section structure', details: ['selama 3 mnt 15 dtk'] });
    expect(entryText(entry({ kind: 'evidence_gap', subtype: 'photos_missing', section: 'reading', data: { required: 2, received: 0 } })))
      .toMatchObject({ title: 'Bukti pengawasan tidak lengkap: foto wajib tidak diterima', details: ['0 dari 2 foto wajib diterima'] });
    expect(entryText(entry({ kind: 'heartbeats', section: 'reading', count: 80, data: { detector_fps_avg: 3.5, camera_or_detector_off: 2, tab_leaves: 1 } })))
      .toMatchObject({ title: 'Sinyal pemantauan diterima', details: ['80×', 'deteksi wajah rata-rata 3.5/dtk; 2 sinyal kamera/deteksi mati; 1 kali meninggalkan halaman'] });
  });

  it('names decisions and shows an unknown kind by its name', () => {
    expect(entryText(entry({ kind: 'decision', subtype: 'disqualification_overturned', text: 'Adik masuk kamar', data: { staff_email: 'p@x.id', status: 'effective', reversed: null } })))
      .toEqual({ title: 'Keputusan: Diskualifikasi dibatalkan (tes dinilai)', section: null, details: ['Adik masuk kamar', 'p@x.id'] });
    expect(entryText(entry({ kind: 'break_granted', duration_ms: 300_000 }))).toMatchObject({ title: 'break_granted', details: ['selama 5 mnt'] });
  });

  it('says why a test was stopped in words, never the stored code', () => {
    expect(disqualifiedReasonText('violations:open_new_tab')).toBe('Batas pelanggaran tercapai: membuka tab baru / meninggalkan halaman');
    expect(disqualifiedReasonText('candidate app: reading')).toBe('Dihentikan oleh aplikasi peserta di section reading');
    expect(disqualifiedReasonText('something new')).toBe('Alasan lain (lihat kode)');
    expect(entryText(entry({ kind: 'disqualified', text: 'violations:face' })).details).toEqual(['Batas pelanggaran tercapai: wajah']);
  });
});
