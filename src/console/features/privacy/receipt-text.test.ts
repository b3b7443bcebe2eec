import { describe, expect, it } from 'vitest';
import { receiptText } from './privacy-requests-table.tsx';

describe("the privacy requests' receipt column", () => {
  const deletion = { kind: 'deletion' as const, receipt_to: 'lama@contoh.id', receipt_sends: 2, receipt_sent_at: '2026-03-07T03:00:00Z' };
  it('says how often a receipt went out, that it has not, or that its address is gone', () => {
    expect(receiptText(deletion)).toMatch(/^terkirim 2× \(terakhir 7 Mar 2026/);
    expect(receiptText({ ...deletion, receipt_sends: 0, receipt_sent_at: null })).toBe('belum terkirim');
    expect(receiptText({ ...deletion, receipt_to: null })).toBe('alamat email sudah dihapus (masa retensi)');
    expect(receiptText({ ...deletion, kind: 'export' })).toBe('–');
  });
});
