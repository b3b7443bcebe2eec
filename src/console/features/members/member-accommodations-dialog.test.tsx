// The member's accommodations dialog against a stubbed staff client: the member's tests with what is
// granted, the grant sent as the server takes it, whole minutes checked first, a started test and a
// proctor read only, and closing (the member already gone) renders without failing.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberOrderAccommodation } from '../../../../contracts/admin-accommodations.ts';
import { staffApi } from '../../lib/api/staff-client.ts';
import type { AdminMember } from '../../lib/api/members-api.ts';
import { MemberAccommodationsDialog } from './member-accommodations-dialog.tsx';

// jsdom has no CSS.escape, which react-aria's dialog uses.
globalThis.CSS ??= { escape: (s: string) => s.replace(/[^\w-]/g, (c) => `\\${c}`) } as unknown as typeof CSS;

const member: AdminMember = {
  id: '5b1f0c2e-8d7a-4c1e-9f3b-2a6d4e8c0b11', email: 'rina@sekolah.id', fullname: 'Rina Wulandari', phone_number: '', institution_id: null,
  active: true, password_set: true, order_count: 1, created_at: '2026-03-01T00:00:00Z',
};
const order = (over: Partial<MemberOrderAccommodation> = {}): MemberOrderAccommodation => ({
  order_id: '7c2e4a1b-3d5f-4e6a-8b9c-0d1e2f3a4b5c', order_no: 'EPOT-0001', status: 'not_started', status_label: 'Belum mulai',
  created_at: '2026-03-01T00:00:00Z', started: false, editable: true, time_accommodation: null, breaks: [], ...over,
});
const listed = (list: MemberOrderAccommodation[]) => vi.spyOn(staffApi, 'get').mockResolvedValue({ data: { status: 200, message: 'OK', data: { list } } });

describe('MemberAccommodationsDialog', () => {
  afterEach(() => { cleanup(); vi.restoreAllMocks(); });

  it("sends ×1,5 with a 5-minute break for the member's test and shows what is granted now", async () => {
    listed([order()]);
    const put = vi.spyOn(staffApi, 'put').mockResolvedValue({ data: { status: 200, message: 'Akomodasi waktu disimpan',
      data: order({ time_accommodation: { factor: 1.5, extra_minutes: 0, break_minutes: 5 } }) } });
    render(<MemberAccommodationsDialog member={member} canChange onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Akomodasi waktu: Rina Wulandari' });
    expect(await within(dialog).findByText('Saat ini: tanpa akomodasi')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: '×1,5' }));
    fireEvent.change(within(dialog).getByLabelText('Istirahat antar section (menit)'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan akomodasi' }));
    await waitFor(() => expect(put).toHaveBeenCalledWith(`/admin/v1/members/${member.id}/accommodations/${order().order_id}`,
      { factor: 1.5, extra_minutes: 0, break_minutes: 5 }));
    expect(await within(dialog).findByText('Akomodasi waktu disimpan')).toBeTruthy();
    expect(within(dialog).getByTestId('accommodation-current').textContent).toBe('Saat ini: ×1,5; istirahat 5 menit');
  });

  it('checks whole minutes before sending', async () => {
    listed([order()]);
    const put = vi.spyOn(staffApi, 'put');
    render(<MemberAccommodationsDialog member={member} canChange onClose={() => {}} />);
    const minutes = await screen.findByLabelText('Menit tambahan per section');
    fireEvent.change(minutes, { target: { value: '1,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan akomodasi' }));
    expect(await screen.findByText('Isi bilangan bulat 0 sampai 120')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
  });

  it('a started test and a proctor see what is granted and the breaks taken, without the form; closing renders', async () => {
    listed([order({ started: true, editable: false, status_label: 'Berlangsung', time_accommodation: { factor: 2, extra_minutes: 0, break_minutes: 10 },
      breaks: [{ after_section: 'listening', started_at: '2026-03-01T02:00:00Z', ends_at: '2026-03-01T02:10:00Z', ended_at: null }] })]);
    const { rerender } = render(<MemberAccommodationsDialog member={member} canChange={false} onClose={() => {}} />);
    expect(await screen.findByText('Saat ini: ×2; istirahat 10 menit')).toBeTruthy();
    expect(screen.getByText(/^Setelah Listening: .* – berlangsung$/)).toBeTruthy();
    expect(screen.getByText('Pengawas hanya dapat melihat akomodasi.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Simpan akomodasi' })).toBeNull();
    rerender(<MemberAccommodationsDialog member={null} canChange={false} onClose={() => {}} />);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
