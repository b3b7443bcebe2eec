// Issue 29 item 13: who may say where a request came from. By default only a loopback proxy's
// X-Forwarded-For counts (not any RFC 1918 peer), and the audit log keeps the TCP peer's own address
// beside the forwarded one, so a spoofed header never hides the connection it came over.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { ADMIN_API, auditOf, staffAuth, staffToken } from '../../tests/server-helpers/staff.ts';
import { buildTestApp, type TestApp } from '../../tests/server-helpers/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({ seed: true, now: '2026-03-07T08:00:00Z' });
  admin = await staffToken(t, 'admin.lembaga@epot.local');
});
afterAll(async () => { await t?.cleanup(); });

async function addMember(email: string, remoteAddress: string) {
  const res = await t.app.inject({
    method: 'POST', url: `${ADMIN_API}/members`, remoteAddress,
    headers: { ...staffAuth(admin), 'x-forwarded-for': '198.51.100.7' }, payload: { email, fullname: 'Siswa Alamat', send_invite: false },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (await auditOf(t, 'member.create')).find((e) => JSON.stringify(e.after).includes(email) || e.target_id === res.json().data.id);
}

describe('forwarded client addresses', () => {
  it('trusts loopback proxies only by default', () => {
    expect(loadConfig({}).trustProxy).toEqual(['loopback']);
  });

  it("ignores X-Forwarded-For from a private-network peer and keeps the socket's address in the audit", async () => {
    const lan = await addMember('alamat-lan@sekolah.id', '10.1.2.3');
    expect(lan).toMatchObject({ ip: '10.1.2.3', socket_ip: '10.1.2.3' });
    const proxied = await addMember('alamat-proxy@sekolah.id', '127.0.0.1');
    expect(proxied).toMatchObject({ ip: '198.51.100.7', socket_ip: '127.0.0.1' });
  });
});
