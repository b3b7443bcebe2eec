// The login screen's two steps against a stubbed staff client: password, the server asks for the
// code, the code step takes focus, a wrong code keeps it, the right one signs in and opens /admin.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { RESET } from 'jotai/utils';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STAFF_MESSAGES } from '../../../../contracts/facts/index.ts';
import { appStore } from '../../../lib/store.ts';
import { StaffApiError, staffApi } from '../../lib/api/staff-client.ts';
import { staffSessionAtom } from '../../lib/staff-session.ts';
import { StaffLoginPage } from './staff-login-page.tsx';

const staff = { id: '0d9c5a4e-52b5-4b8e-9d59-1f7a3e1c2b11', email: 'op@epot.local', name: 'Op', role: 'operator', institution_id: null, totp_enabled: true, totp_required: false } as const;

function mount() {
  const router = createMemoryRouter([
    { path: '/admin/login', element: <StaffLoginPage /> },
    { path: '/admin', element: <h1>Beranda konsol</h1> },
  ], { initialEntries: ['/admin/login'] });
  render(<Provider store={appStore}><RouterProvider router={router} /></Provider>);
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('StaffLoginPage', () => {
  afterEach(() => { cleanup(); vi.restoreAllMocks(); appStore.set(staffSessionAtom, RESET); });

  it('asks for the code after the password, keeps the step on a wrong code, signs in with the right one', async () => {
    const post = vi.spyOn(staffApi, 'post')
      .mockRejectedValueOnce(new StaffApiError(401, STAFF_MESSAGES.otpRequired, {}))
      .mockRejectedValueOnce(new StaffApiError(401, STAFF_MESSAGES.otpWrong, {}))
      .mockResolvedValueOnce({ data: { status: 200, message: STAFF_MESSAGES.loggedIn, data: { token: 'tok', staff } } });
    mount();
    type(/^E-mail/, 'op@epot.local');
    type(/^Password/, 'rahasia-sekali');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    const code = await screen.findByLabelText(/^Kode autentikator/);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Verifikasi dua langkah');
    expect(screen.getByText(STAFF_MESSAGES.otpRequired)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(code));

    type(/^Kode autentikator/, '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Verifikasi' }));
    expect(await screen.findByText('Masukkan 6 digit angka atau kode pemulihan')).toBeTruthy();
    expect(post).toHaveBeenCalledTimes(1);

    type(/^Kode autentikator/, '000 000');
    fireEvent.click(screen.getByRole('button', { name: 'Verifikasi' }));
    expect((await screen.findByRole('alert')).textContent).toBe(STAFF_MESSAGES.otpWrong);
    expect(post.mock.calls[1]![1]).toEqual({ email: 'op@epot.local', password: 'rahasia-sekali', otp: '000000' });

    type(/^Kode autentikator/, '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verifikasi' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Beranda konsol' })).toBeTruthy();
    expect(post.mock.calls[2]![1]).toMatchObject({ otp: '123456' });
    expect(appStore.get(staffSessionAtom)).toEqual({ token: 'tok', staff });
  });

  it('shows a wrong password and stays on the password step', async () => {
    vi.spyOn(staffApi, 'post').mockRejectedValueOnce(new StaffApiError(401, STAFF_MESSAGES.wrongCredentials, {}));
    mount();
    type(/^E-mail/, 'op@epot.local');
    type(/^Password/, 'salah');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe(STAFF_MESSAGES.wrongCredentials);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Login Staf');
  });
});
