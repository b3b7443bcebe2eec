import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../tests/server-helpers/test-app.ts';
import { NUL_MESSAGE, sanitiseInput, wellFormed } from './input-guard.ts';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t?.cleanup(); });

const echo = (payload: string) => t.app.inject({ method: 'POST', url: '/api/dev/echo', headers: { 'content-type': 'application/json' }, payload });

describe('input guard', () => {
  it('refuses NUL with a 400 that names the field, in the body, the query and the path', async () => {
    expect((await echo(JSON.stringify({ email: 'a@b.co', name: 'Bu\u0000di' }))).json()).toEqual({ status: 400, message: `name: ${NUL_MESSAGE}` });
    expect((await echo(JSON.stringify({ email: 'a@b.co', name: 'Budi', tags: [{ x: 'a\u0000' }] }))).json()).toEqual({ status: 400, message: `tags.0.x: ${NUL_MESSAGE}` });
    expect((await t.app.inject({ method: 'GET', url: '/api/health?x=%00' })).json()).toEqual({ status: 400, message: `x: ${NUL_MESSAGE}` });
    expect((await t.app.inject({ method: 'GET', url: '/api/company/v1/get/company/a%00b' })).json()).toEqual({ status: 400, message: `id: ${NUL_MESSAGE}` });
  });

  it('replaces lone surrogates (half an emoji) instead of losing the request', async () => {
    const res = await echo(JSON.stringify({ email: 'a@b.co', name: 'Budi \ud83d' }));
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { name: string } }>().data.name).toBe('Budi \ufffd');
    expect(wellFormed('ok 😀 \udfff!')).toBe('ok 😀 \ufffd!');
  });

  it('walks a body nested half a million levels deep without overflowing the stack', async () => {
    const deep = `{"email":"a@b.co","name":"Budi","x":${'['.repeat(400_000)}"\\u0000"${']'.repeat(400_000)}}`;
    const res = await echo(deep);
    expect(res.statusCode).toBe(400);
    expect(sanitiseInput(JSON.parse(deep), 'body')).toMatch(/^x(\.0)+$/);
  });
});
