import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import type { MemberUser } from '../../contracts/auth.ts';
import { api } from '../lib/api-client.ts';
import { sessionAtom } from '../lib/session.ts';
import { connectSession } from './session-sync.ts';

const user = { id: 'u1', fullname: 'Budi', email: 'b@x.co', is_updated_profile: true, is_b2b: false,
  institusion: { id: '' }, company: { id: '' }, meta: { residential_address: 'x' } } satisfies MemberUser;

/** Answers every call with `status`, recording the Authorization header it was sent with. */
function fakeServer(status: number, seen: (string | undefined)[]): AxiosAdapter {
  return async (config: InternalAxiosRequestConfig) => {
    seen.push(config.headers.get('Authorization') as string | undefined);
    const response = { data: { status, message: 'x' }, status, statusText: '', headers: {}, config };
    if (status >= 400) throw new AxiosError('fail', 'ERR', config, null, response);
    return response;
  };
}

describe('connectSession', () => {
  const original = api.defaults.adapter;
  afterEach(() => { api.defaults.adapter = original; localStorage.clear(); });

  it('sends the session token and logs out on a 401', async () => {
    const store = createStore();
    const disconnect = connectSession(store);
    const seen: (string | undefined)[] = [];
    api.defaults.adapter = fakeServer(200, seen);
    await api.get('/a');
    store.set(sessionAtom, { token: 'tok', user });
    await api.get('/b');
    expect(seen).toEqual([undefined, 'Bearer tok']);

    api.defaults.adapter = fakeServer(401, seen);
    await expect(api.get('/c')).rejects.toMatchObject({ status: 401 });
    expect(store.get(sessionAtom)).toBeNull();
    disconnect();
  });
});
