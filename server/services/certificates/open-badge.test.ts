// The result as an Open Badges 3.0 credential (issue 28): the member downloads it for their own
// certificate; it validates against 1EdTech's published OB 3.0 AchievementCredential JSON schema
// (tests/fixtures/schemas, source named there), its JWT claims follow OB 3.0 §8.2.4 and its signature
// verifies against our JWKS alone; a changed score does not; nobody else's order is reachable.
import { readFileSync } from 'node:fs';
import { Ajv2019 } from 'ajv/dist/2019.js';
import addFormats from 'ajv-formats';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JWKS_PATH, type Jwks } from '../../../contracts/credential.ts';
import type { OpenBadgeResponse } from '../../../contracts/certificates.ts';
import { issueCertificate } from './certificates.ts';
import { verifyOpenBadge } from './open-badge.ts';
import { createDiskStore } from '../media/disk-store.ts';
import { completedOrder } from '../../../tests/server-helpers/certificates.ts';
import { bearer, createMember } from '../../../tests/server-helpers/members.ts';
import { buildTestApp, type TestApp } from '../../../tests/server-helpers/test-app.ts';

const schema = JSON.parse(readFileSync(new URL('../../../tests/fixtures/schemas/ob-v3p0-achievementcredential.schema.json', import.meta.url), 'utf8')) as object;

let t: TestApp;
beforeAll(async () => { t = await buildTestApp({ seed: true, now: '2026-11-20T03:00:00Z' }); });
afterAll(async () => { await t?.cleanup(); });

async function certifiedMember() {
  const { user } = await createMember(t.db, { company_id: t.seed!.companyId, fullname: 'Siti Nurhaliza' });
  const o = await completedOrder(t.db, user.id, { completedAt: t.clock.now() });
  const cert = (await issueCertificate({ db: t.db, store: createDiskStore(t.config.dataDir), clock: t.clock }, o.orderId, t.app.certificates.verifyBase()))!;
  return { user, orderId: o.orderId, cert, headers: { authorization: await bearer(t.app, user) } };
}

const download = (orderId: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/users/v1/member/order/open-badge/${orderId}`, headers });

describe('Open Badges 3.0 credential', () => {
  it('validates against the OB 3.0 schema, carries the scores, and verifies with our published keys alone', async () => {
    const m = await certifiedMember();
    const res = await download(m.orderId, m.headers);
    expect(res.statusCode).toBe(200);
    const { jwt, file_name, credential } = res.json<OpenBadgeResponse>().data;
    expect(file_name).toBe(`epot-${m.cert.number}.jwt`);

    const ajv = new Ajv2019({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    const payload = decodeJwt(jwt);
    const valid = validate(payload);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    expect(payload).toMatchObject(credential);
    expect(payload).toMatchObject({
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      credentialSubject: {
        identifier: [{ identityType: 'name', identityHash: 'Siti Nurhaliza', hashed: false }],
        result: expect.arrayContaining([expect.objectContaining({ value: String(537) })]) as unknown,
      },
      credentialStatus: { type: 'BitstringStatusListEntry', statusListIndex: String(m.cert.status_index) },
    });
    // OB 3.0 §8.2.4.1: iss = issuer.id, jti = id, sub = credentialSubject.id, nbf = validFrom, exp = validUntil.
    const c = payload as unknown as { id: string; issuer: { id: string }; credentialSubject: { id: string }; validFrom: string; validUntil: string };
    expect(payload.iss).toBe(c.issuer.id);
    expect(payload.jti).toBe(c.id);
    expect(payload.sub).toBe(c.credentialSubject.id);
    expect(payload.nbf).toBe(Math.floor(Date.parse(c.validFrom) / 1000));
    expect(payload.exp).toBe(Math.floor(Date.parse(c.validUntil) / 1000));
    // The header's kid is a URI that dereferences to that one public key (OB 3.0 §8.2.3).
    const header = decodeProtectedHeader(jwt);
    expect(header).toMatchObject({ alg: 'EdDSA', typ: 'JWT' });
    const keyRes = await t.app.inject({ method: 'GET', url: new URL(String(header.kid)).pathname });
    expect(keyRes.statusCode).toBe(200);
    const key = keyRes.json<{ kid: string; kty: string; d?: string }>();
    expect(key).toMatchObject({ kty: 'OKP', alg: 'EdDSA', use: 'sig' });
    expect(key.d).toBeUndefined();
    expect(await verifyOpenBadge(jwt, { keys: [key as never] })).toMatchObject({ valid: true });
    expect((await t.app.inject({ method: 'GET', url: '/.well-known/jwks/k-unknown' })).statusCode).toBe(404);

    const jwks = (await t.app.inject({ method: 'GET', url: JWKS_PATH })).json<Jwks>();
    expect(await verifyOpenBadge(jwt, jwks)).toMatchObject({ valid: true });
    // One changed score breaks the signature.
    const [h, p, s] = jwt.split('.');
    const forged = `${h}.${Buffer.from(Buffer.from(p!, 'base64url').toString('utf8').replace('"537"', '"600"')).toString('base64url')}.${s}`;
    expect(forged).not.toBe(jwt);
    expect(await verifyOpenBadge(forged, jwks)).toEqual({ valid: false, reason: 'bad_signature' });
  });

  it("answers 404 for another member's order and without a certificate", async () => {
    const m = await certifiedMember();
    const { user: other } = await createMember(t.db, { company_id: t.seed!.companyId });
    expect((await download(m.orderId, { authorization: await bearer(t.app, other) })).statusCode).toBe(404);
    const pending = await completedOrder(t.db, other.id, { completedAt: t.clock.now() });
    expect((await download(pending.orderId, { authorization: await bearer(t.app, other) })).statusCode).toBe(404);
    expect((await download(m.orderId, {})).statusCode).toBe(401);
  });
});
