import { act, cleanup, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MemberUser } from '../../contracts/auth.ts';
import { clearSessionAtom, redirectPathAtom, sessionAtom } from '../lib/session.ts';
import { GuestOnly, guestDecision, protectedDecision, RequireAuth } from './guards.tsx';
import { hasSidebar, menuItems } from './layout/app-layout.tsx';

const member = (over: Partial<MemberUser> = {}): MemberUser => ({
  id: 'u1', fullname: 'Budi', email: 'budi@example.com', is_updated_profile: true, is_b2b: false,
  institusion: { id: '' }, company: { id: 'c1' }, meta: { residential_address: 'Jl. Merdeka 1' }, ...over,
});

describe('guard decisions', () => {
  it('sends guests to login and logged-in users away from guest pages', () => {
    expect(protectedDecision(null, '/epot')).toEqual({ kind: 'login' });
    expect(guestDecision(member())).toEqual({ kind: 'redirect', to: '/epot' });
    expect(guestDecision(null)).toEqual({ kind: 'allow' });
  });
  it('holds an incomplete profile (or one without an address) on /account', () => {
    expect(protectedDecision(member({ is_updated_profile: false }), '/guide')).toEqual({ kind: 'redirect', to: '/account' });
    expect(protectedDecision(member({ meta: { residential_address: '' } }), '/epot')).toEqual({ kind: 'redirect', to: '/account' });
    expect(protectedDecision(member({ is_updated_profile: false }), '/account')).toEqual({ kind: 'allow' });
  });
  it('keeps institution members off /reward', () => {
    expect(protectedDecision(member({ is_b2b: true }), '/reward')).toEqual({ kind: 'redirect', to: '/epot' });
    expect(protectedDecision(member(), '/reward')).toEqual({ kind: 'allow' });
  });
});

describe('layout menus', () => {
  it('shows the sidebar on /epot but not under /epot/', () => {
    expect(hasSidebar('/epot')).toBe(true);
    expect(hasSidebar('/guide')).toBe(true);
    expect(hasSidebar('/epot/abc/listening')).toBe(false);
  });
  it('disables all but Account until the profile is complete, and hides Sertifikat for institutions', () => {
    expect(menuItems(false, false).filter((m) => !m.disabled).map((m) => m.href)).toEqual(['/account']);
    expect(menuItems(false, true).every((m) => !m.disabled)).toBe(true);
    expect(menuItems(true, true).map((m) => m.href)).toEqual(['/epot', '/guide', '/account']);
    expect(menuItems(false, true).map((m) => m.href)).toContain('/reward');
  });
});

describe('guards in a router', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  function mount(path: string) {
    const store = createStore();
    const router = createMemoryRouter([
      { element: <GuestOnly />, children: [{ path: '/', element: <h1>login</h1> }] },
      {
        element: <RequireAuth />,
        children: ['/epot', '/account', '/guide'].map((p) => ({ path: p, element: <h1>{p}</h1> })),
      },
    ], { initialEntries: [path] });
    render(<Provider store={store}><RouterProvider router={router} /></Provider>);
    return { store, router };
  }

  it('remembers the path a guest wanted, then shows login', async () => {
    const { store } = mount('/guide?x=1');
    expect(await screen.findByRole('heading', { name: 'login' })).toBeTruthy();
    expect(store.get(redirectPathAtom)).toBe('/guide?x=1');
  });

  it('sends a logged-in user from login to /epot, and an incomplete one on to /account', async () => {
    const { store, router } = mount('/');
    act(() => store.set(sessionAtom, { token: 't', user: member({ is_updated_profile: false }) }));
    expect(await screen.findByRole('heading', { name: '/account' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account');
  });

  it('after a logout goes to login without remembering the page', async () => {
    const { store } = mount('/');
    act(() => store.set(sessionAtom, { token: 't', user: member() }));
    expect(await screen.findByRole('heading', { name: '/epot' })).toBeTruthy();
    act(() => store.set(clearSessionAtom));
    expect(await screen.findByRole('heading', { name: 'login' })).toBeTruthy();
    expect(store.get(redirectPathAtom)).toBeNull();
  });
});
