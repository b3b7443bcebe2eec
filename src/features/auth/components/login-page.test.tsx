import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LoginPage } from './login-page.tsx';

function mount() {
  const router = createMemoryRouter([{ path: '/', element: <LoginPage /> }]);
  render(<Provider store={createStore()}><RouterProvider router={router} /></Provider>);
}

describe('LoginPage', () => {
  afterEach(cleanup);

  it('alerts on an empty form and resets it', async () => {
    mount();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Email dan password tidak boleh kosong');
  });

  it('alerts on a short password and keeps what was typed', async () => {
    mount();
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'budi@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('password kurang dari 8 character');
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe('budi@example.com');
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
  });
});
