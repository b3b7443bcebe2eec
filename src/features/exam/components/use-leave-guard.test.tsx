import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionAtom } from '../../../lib/session.ts';
import { useLeaveGuard } from './use-leave-guard.tsx';

function TestPage() {
  const { exit, dialog } = useLeaveGuard();
  const navigate = useNavigate();
  return (
    <>
      <button onClick={() => void navigate('/epot')}>away</button>
      <button onClick={() => exit('/epot/end')}>done</button>
      {dialog}
    </>
  );
}

function setup(loggedIn = true) {
  const store = createStore();
  if (loggedIn) {
    store.set(sessionAtom, { token: 't', user: { id: 'u', email: 'a@b.c', fullname: 'A', is_updated_profile: true, is_b2b: false, institusion: { id: '' }, company: { id: 'c' }, meta: { residential_address: 'x' } } });
  }
  const router = createMemoryRouter([
    { path: '/epot/:id/structure', element: <TestPage /> },
    { path: '/epot', element: <p>list</p> },
    { path: '/epot/end', element: <p>end</p> },
  ], { initialEntries: ['/epot/o1/structure'] });
  render(<Provider store={store}><RouterProvider router={router} /></Provider>);
  return router;
}

// jsdom has no CSS.escape, which react-aria's dialog uses.
globalThis.CSS ??= { escape: (s: string) => s.replace(/[^\w-]/g, (c) => `\\${c}`) } as unknown as typeof CSS;

afterEach(cleanup);

describe('leaving a test page', () => {
  it('in-app navigation is blocked with the spec alert; OK stays on the page', async () => {
    const router = setup();
    await act(async () => fireEvent.click(screen.getByText('away')));
    expect(screen.getByRole('alertdialog').textContent).toContain('Mohon maaf, anda tidak bisa meninggalkan halaman ini');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'OK' })));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/epot/o1/structure');
  });

  it('closing or reloading the tab asks first', () => {
    setup();
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('the page itself may move on, and a logged-out user is not held', async () => {
    const router = setup();
    await act(async () => fireEvent.click(screen.getByText('done')));
    expect(router.state.location.pathname).toBe('/epot/end');
    cleanup();
    const guest = setup(false);
    await act(async () => fireEvent.click(screen.getByText('away')));
    expect(guest.state.location.pathname).toBe('/epot');
  });
});
