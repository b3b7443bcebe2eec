// The operator's console screens in Chromium against the production server: a company and an
// institution made and renamed, an announcement image uploaded, shown and saved, an exam zip
// refused with the importer's problem list and then imported (a version, archived again), and a
// certificate search; axe on each screen. Everything happens in a company of its own, so no
// candidate of another spec sees the announcement or the exam.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../../server/seed/demo-seed.ts';
import { fixtureExamDoc, writeExamFixture } from '../../server-helpers/exam-fixture.ts';
import { FIXTURE_PNG } from '../../server-helpers/exam-fixture.ts';
import { filesOf, zipOf } from '../../server-helpers/zip.ts';
import { clientIp } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });

const company = `PT Operator E2E ${Date.now()}`;
let dir: string;
let goodZip: string;
let badZip: string;
let png: string;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'epot-e2e-operator-'));
  const content = join(dir, 'content');
  writeExamFixture(content);
  const media = filesOf(content);
  goodZip = join(dir, 'ujian.zip');
  writeFileSync(goodZip, await zipOf(media));
  const doc = fixtureExamDoc();
  doc.sections.reading.parts[0]!.groups[0]!.questions[0]!.image = 'img/tidak-ada.png';
  badZip = join(dir, 'ujian-salah.zip');
  writeFileSync(badZip, await zipOf({ ...media, 'exam.json': JSON.stringify(doc) }));
  png = join(dir, 'promo.png');
  writeFileSync(png, FIXTURE_PNG);
});
test.afterAll(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

async function loginAsOperator(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill('operator@epot.local');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/admin\/login/);
}

async function pickCompany(page: Page) {
  // The label covers the (visually hidden) input: click the text, as a person does.
  await page.getByRole('radiogroup', { name: 'Pilih perusahaan' }).getByText(company, { exact: true }).click();
  await expect(page.getByRole('radio', { name: company })).toBeChecked();
}

test('the operator manages companies, the announcement, exams and certificates', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAsOperator(page);

  await page.getByRole('link', { name: 'Perusahaan & lembaga' }).click();
  await expect(page.getByRole('heading', { name: 'Perusahaan dan lembaga', level: 1 })).toBeVisible();
  const newCompany = page.getByRole('region', { name: 'Perusahaan baru' });
  await newCompany.getByLabel('Nama').fill(company);
  await newCompany.getByRole('button', { name: 'Buat perusahaan' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Perusahaan berhasil dibuat' })).toBeVisible();
  const institutions = page.getByRole('region', { name: `Lembaga di ${company}` });
  await institutions.getByLabel('Nama').fill('Akademi Uji');
  await institutions.getByRole('button', { name: 'Buat lembaga' }).click();
  await expect(institutions.getByRole('rowheader', { name: 'Akademi Uji' })).toBeVisible();
  await institutions.getByRole('button', { name: 'Ubah nama Akademi Uji' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ubah nama Akademi Uji' });
  await dialog.getByLabel('Nama').fill('Akademi Uji Baru');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(institutions.getByRole('rowheader', { name: 'Akademi Uji Baru' })).toBeVisible();
  await expectNoAxeViolations(page, 'companies');

  await page.getByRole('link', { name: 'Pengumuman' }).click();
  await pickCompany(page);
  await page.locator('input[type=file]').setInputFiles(png);
  const image = page.getByRole('img', { name: 'Gambar pengumuman 1' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await page.getByText('Tampilkan pengumuman kepada peserta').click();
  await expect(page.getByRole('checkbox', { name: 'Tampilkan pengumuman kepada peserta' })).toBeChecked();
  await page.getByRole('region', { name: 'Pengumuman di daftar tes' }).getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pengumuman berhasil disimpan' })).toBeVisible();
  await expectNoAxeViolations(page, 'announcements');

  await page.getByRole('link', { name: 'Ujian' }).click();
  await pickCompany(page);
  await page.locator('input[type=file]').setInputFiles(badZip);
  await page.getByRole('button', { name: 'Impor' }).click();
  const problems = page.getByTestId('exam-problems');
  await expect(problems).toContainText('reading part A group 1 question 1: image file img/tidak-ada.png not found');
  await expect(page.getByText('exam.json: 1 masalah')).toBeVisible();
  await page.locator('input[type=file]').setInputFiles(goodZip);
  await page.getByRole('button', { name: 'Impor' }).click();
  await expect(page.getByRole('status').filter({ hasText: '"Fixture Exam" versi 1' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Arsipkan Fixture Exam versi 1' }).click();
  await expect(page.getByRole('button', { name: 'Aktifkan Fixture Exam versi 1' })).toBeVisible();
  await expectNoAxeViolations(page, 'exams');

  await page.getByRole('link', { name: 'Sertifikat' }).click();
  await page.getByLabel('Nomor sertifikat atau nomor order').fill('EPOT-TIDAK-ADA');
  await page.getByRole('button', { name: 'Cari' }).click();
  await expect(page.getByText('Tidak ada sertifikat yang cocok')).toBeVisible();
  await expectNoAxeViolations(page, 'certificates');
});
