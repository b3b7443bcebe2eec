// The scheduling form against a stubbed staff client (issue 30): the institution's active proctors
// and admins are offered (not the operator, not a deactivated proctor), and the picked ones are sent
// as `proctor_ids` with the members; with no proctor at all the form says where to add one.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffAccount } from '../../lib/api/staff-accounts-api.ts';
import { staffApi } from '../../lib/api/staff-client.ts';
import { SessionCreateForm } from './session-create-form.tsx';

const INST = '3f6d2b1a-9c8e-4d7f-a5b4-1e2d3c4b5a69';
const staff = (id: string, name: string, role: StaffAccount['role'], over: Partial<StaffAccount> = {}): StaffAccount => ({
  id, email: `${name.toLowerCase()}@lembaga.id`, name, role, institution_id: role === 'operator' ? null : INST, institution_name: null,
  active: true, totp_enabled: false, password_set: true, created_at: '2026-03-01T00:00:00Z', ...over,
});
const member = { id: '5b1f0c2e-8d7a-4c1e-9f3b-2a6d4e8c0b11', email: 'rina@sekolah.id', fullname: 'Rina Wulandari', phone_number: '', institution_id: INST,
  active: true, password_set: true, order_count: 0, created_at: '2026-03-01T00:00:00Z' };

function stubGets(staffList: StaffAccount[]) {
  vi.spyOn(staffApi, 'get').mockImplementation(async (url: string) => ({
    data: { status: 200, message: 'OK', data: url === '/admin/v1/staff' ? { list: staffList } : { list: [member], page: 1, limit: 10, total: 1 } },
  }));
}

describe('SessionCreateForm', () => {
  afterEach(() => { cleanup(); vi.restoreAllMocks(); });

  it("offers the institution's active proctors and admins and sends the picked ones as proctor_ids", async () => {
    stubGets([
      staff('11111111-1111-4111-8111-111111111111', 'Budi', 'proctor'),
      staff('22222222-2222-4222-8222-222222222222', 'Sari', 'institution-admin'),
      staff('33333333-3333-4333-8333-333333333333', 'Lama', 'proctor', { active: false }),
      staff('44444444-4444-4444-8444-444444444444', 'Ops', 'operator'),
    ]);
    const post = vi.spyOn(staffApi, 'post').mockResolvedValue({ data: { status: 200, message: 'Sesi tes dijadwalkan', data: {} } });
    const created = vi.fn();
    render(<SessionCreateForm earlier={[]} onCreated={created} onCancel={() => {}} />);
    const proctors = await screen.findByRole('list', { name: 'Pengawas lembaga' });
    expect(within(proctors).getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual([
      'Budi (budi@lembaga.id) · Pengawas', 'Sari (sari@lembaga.id) · Admin lembaga',
    ]);
    fireEvent.click(within(proctors).getByRole('checkbox', { name: /Budi/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: /Rina Wulandari/ }));
    fireEvent.change(screen.getByLabelText('Nama sesi'), { target: { value: 'Sabtu pagi, Lab 1' } });
    fireEvent.change(screen.getByLabelText('Dibuka (WIB)'), { target: { value: '2026-12-05T08:30' } });
    fireEvent.change(screen.getByLabelText('Batas mulai (WIB)'), { target: { value: '2026-12-05T09:30' } });
    fireEvent.change(screen.getByLabelText('Ditutup (WIB)'), { target: { value: '2026-12-05T12:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Jadwalkan sesi' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]![1]).toMatchObject({
      name: 'Sabtu pagi, Lab 1', opens_at: '2026-12-05T01:30:00.000Z', member_ids: [member.id], proctor_ids: ['11111111-1111-4111-8111-111111111111'],
    });
    await waitFor(() => expect(created).toHaveBeenCalledWith('Sesi tes dijadwalkan'));
  });

  it('says where to add a proctor when the institution has none', async () => {
    stubGets([staff('44444444-4444-4444-8444-444444444444', 'Ops', 'operator')]);
    render(<SessionCreateForm earlier={[]} onCreated={() => {}} onCancel={() => {}} />);
    expect(await screen.findByText('Lembaga ini belum memiliki akun pengawas. Tambahkan di halaman Staf.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Pengawas lembaga' })).toBeNull();
  });
});
