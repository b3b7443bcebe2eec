import { createStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MemberUser } from '../../contracts/auth.ts';
import {
  clearSessionAtom, faceCountAtom, isProfileComplete, isSafeRedirect, postLoginTarget, redirectPathAtom, sessionAtom,
} from './session.ts';
import { storageKeys } from './storage-keys.ts';

const member = (over: Partial<MemberUser> = {}): MemberUser => ({
  id: 'u1', fullname: 'Budi', email: 'budi@example.com', is_updated_profile: true, is_b2b: false,
  institusion: { id: '' }, company: { id: 'c1' }, meta: { residential_address: 'Jl. Merdeka 1' }, ...over,
});

describe('session', () => {
  beforeEach(() => localStorage.clear());

  it('needs both the updated flag and a residential address for a complete profile', () => {
    expect(isProfileComplete(member())).toBe(true);
    expect(isProfileComplete(member({ is_updated_profile: false }))).toBe(false);
    expect(isProfileComplete(member({ meta: { residential_address: '  ' } }))).toBe(false);
    expect(isProfileComplete(null)).toBe(false);
  });

  it('sends an incomplete profile to /account and keeps the remembered path for later', () => {
    expect(postLoginTarget(member({ is_updated_profile: false }), '/guide')).toEqual({ target: '/account', clearRedirect: false });
  });

  it('follows the remembered path once, else /epot', () => {
    expect(postLoginTarget(member(), '/guide')).toEqual({ target: '/guide', clearRedirect: true });
    expect(postLoginTarget(member(), null)).toEqual({ target: '/epot', clearRedirect: false });
    expect(postLoginTarget(member(), '//evil.example')).toEqual({ target: '/epot', clearRedirect: true });
  });

  it('only remembers same-origin app paths', () => {
    expect(isSafeRedirect('/reward?page=2')).toBe(true);
    expect(isSafeRedirect('//evil.example/x')).toBe(false);
    expect(isSafeRedirect('https://evil.example')).toBe(false);
    expect(isSafeRedirect('/sso?uid=x')).toBe(false);
  });

  it('persists under the spec keys and clears everything on logout', () => {
    const store = createStore();
    store.set(sessionAtom, { token: 't', user: member() });
    store.set(faceCountAtom, 2);
    store.set(redirectPathAtom, '/guide');
    expect(JSON.parse(localStorage.getItem(storageKeys.auth)!)).toMatchObject({ token: 't' });
    expect(localStorage.getItem(storageKeys.faceCount)).toBe('2');
    store.set(clearSessionAtom);
    expect(store.get(sessionAtom)).toBeNull();
    expect(localStorage.getItem(storageKeys.auth)).toBeNull();
    expect(localStorage.getItem(storageKeys.faceCount)).toBeNull();
    expect(localStorage.getItem(storageKeys.redirectPath)).toBeNull();
  });

  it('re-reads local storage when the session is first used (another tab may have logged in)', () => {
    localStorage.setItem(storageKeys.auth, JSON.stringify({ token: 'stored', user: member() }));
    const store = createStore();
    store.sub(sessionAtom, () => undefined);
    expect(store.get(sessionAtom)?.token).toBe('stored');
  });
});
