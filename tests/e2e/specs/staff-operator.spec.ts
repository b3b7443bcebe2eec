// The operator's console screens in Chromium against the production server: a company and an
// institution made and renamed, an announcement image uploaded, shown and saved, an exam zip
// refused with the importer's problem list and then imported (a version, archived again), and a
// certificate search; axe on each screen. Then the rest of issue 14: maintenance pictures uploaded and
// shown to a candidate, staff added by e-mail link (operator → institution admin → proctor), the
// institution requiring two-factor login of its staff, member invites with a usable link without
// PUBLIC_URL. Everything happens in a company of its own, so no candidate of another spec sees the
// announcement, the maintenance screen or the exam.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../../server/seed/demo-seed.ts';
import { fixtureExamDoc, writeExamFixture } from '../../server-helpers/exam-fixture.ts';
import { FIXTURE_PNG } from '../../server-helpers/exam-fixture.ts';
import { filesOf, zipOf } from '../../server-helpers/zip.ts';
import { generate } from 'otplib';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { STAFF_MESSAGES } from '../../../contracts/facts/index.ts';
import { clientIp, latestMail, loginViaApi, loginViaUi, otpFrom } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { inviteLinkOf, staffLinkOf, staffLoginUi } from '../support/staff.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });
test.describe.configure({ mode: 'serial' });

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
  await page.getByRole('region', { name: 'Pengumuman di daftar tes' }).locator('input[type=file]').setInputFiles(png);
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

const tag = Date.now().toString(36);
const NEW_ADMIN = { email: `admin-akademi-${tag}@epot.test`, password: 'Akademi-Admin-Rahasia-7' };
const PROCTOR = { email: `pengawas-akademi-${tag}@epot.test`, password: 'Akademi-Pengawas-Rahasia-8' };
const MEMBER = { email: `siswa-akademi-${tag}@epot.test`, password: 'Siswa-Akademi-Rahasia-9' };

/** Opens a staff password-set link and sets the password; ends on the staff login. */
async function setStaffPassword(page: Page, email: string, password: string, role: string) {
  const mail = await latestMail(email);
  expect(mail.subject).toBe('Buat password akun staf EPOT Anda');
  await page.goto(staffLinkOf(mail.text));
  await expect(page.getByRole('heading', { level: 1, name: 'Buat password akun staf' })).toBeVisible();
  await expect(page.getByTestId('password-set-account')).toHaveText(`Akun: ${email} (${role})`);
  await page.getByLabel('Password baru', { exact: true }).fill(password);
  await page.getByLabel('Ulangi password baru').fill(password);
  await page.getByRole('button', { name: 'Simpan password' }).click();
  await expect(page.getByRole('status').filter({ hasText: STAFF_MESSAGES.passwordSet })).toBeVisible();
  await page.getByRole('link', { name: 'Ke halaman login staf' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

test('maintenance pictures reach the candidate; staff join by e-mail link; the institution requires two-factor login', async ({ page, request }) => {
  test.setTimeout(180_000);
  await loginAsOperator(page);
  // Maintenance with the operator's own picture.
  await page.getByRole('link', { name: 'Pengumuman' }).click();
  await pickCompany(page);
  const maintenance = page.getByRole('region', { name: 'Mode pemeliharaan' });
  await maintenance.locator('input[type=file]').setInputFiles(png);
  await expect(maintenance.getByRole('img', { name: 'Gambar pemeliharaan 1' })).toBeVisible();
  const pictureUrl = (await maintenance.locator('code').first().textContent())!;
  expect(pictureUrl).toMatch(/^\/api\/public\/v1\/maintenance-image\/[\w-]+$/);
  await maintenance.getByText('Mode pemeliharaan aktif').click();
  await maintenance.getByRole('button', { name: 'Simpan' }).click();
  await expect(maintenance.getByRole('status')).toHaveText('Mode pemeliharaan aktif');
  await expectNoAxeViolations(page, 'maintenance');

  // The operator adds the institution's admin: no password, a link by e-mail.
  await page.getByRole('navigation', { name: 'Menu konsol' }).getByRole('link', { name: 'Staf' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staf' })).toBeVisible();
  const add = page.getByRole('region', { name: 'Tambah staf' });
  await add.getByLabel('E-mail').fill(NEW_ADMIN.email);
  await add.getByLabel('Nama (opsional)').fill('Admin Akademi');
  await add.getByRole('button', { name: 'Tambah staf' }).click();
  await expect(add.getByText('Pilih lembaga untuk admin lembaga')).toBeVisible();
  await add.getByLabel('Lembaga', { exact: true }).selectOption({ label: 'Akademi Uji Baru' });
  await add.getByRole('button', { name: 'Tambah staf' }).click();
  await expect(page.getByRole('status').filter({ hasText: STAFF_MESSAGES.staffCreated })).toBeVisible();
  const row = page.getByRole('grid', { name: 'Daftar akun staf' }).getByRole('row').filter({ hasText: NEW_ADMIN.email });
  await expect(row).toContainText('Admin lembaga');
  await expect(row).toContainText('Akademi Uji Baru');
  await expect(row).toContainText('belum membuat password');
  await expectNoAxeViolations(page, 'staff accounts (operator)');
  await page.getByRole('button', { name: 'Keluar', exact: true }).click();

  await setStaffPassword(page, NEW_ADMIN.email, NEW_ADMIN.password, 'Admin lembaga');
  await expectNoAxeViolations(page, 'staff login after password set');

  // The new admin requires two-factor login for its institution, and so has to enrol at once.
  await staffLoginUi(page, NEW_ADMIN.email, NEW_ADMIN.password);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pengaturan lembaga: Akademi Uji Baru');
  const rule = page.getByRole('region', { name: 'Verifikasi dua langkah untuk staf lembaga' });
  await expectNoAxeViolations(page, 'settings with the two-factor rule');
  await rule.getByText('Wajibkan verifikasi dua langkah bagi admin dan pengawas lembaga ini').click();
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expect(page.getByRole('alert')).toHaveText(STAFF_MESSAGES.otpEnrolmentRequired);
  await expect(page.getByText('Lembaga Anda mewajibkan verifikasi dua langkah bagi semua admin dan pengawasnya.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menu konsol' }).getByRole('link')).toHaveText(['Keamanan akun']);
  await page.getByRole('button', { name: 'Aktifkan verifikasi dua langkah' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Kode 6 digit').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Konfirmasi' }).click();
  await page.getByRole('alertdialog', { name: 'Kode pemulihan' }).getByRole('button', { name: 'Saya sudah menyimpan kode ini' }).click();
  await page.getByRole('navigation', { name: 'Menu konsol' }).getByRole('link', { name: 'Pengaturan lembaga' }).click();
  await expect(page.getByRole('checkbox', { name: 'Wajibkan verifikasi dua langkah bagi admin dan pengawas lembaga ini' })).toBeChecked();

  // It adds a proctor (its own institution's, nothing else) and a member.
  await page.getByRole('navigation', { name: 'Menu konsol' }).getByRole('link', { name: 'Staf' }).click();
  await expect(add.getByText('Admin lembaga dapat menambahkan pengawas untuk lembaganya sendiri.')).toBeVisible();
  await add.getByLabel('E-mail').fill(PROCTOR.email);
  await add.getByRole('button', { name: 'Tambah staf' }).click();
  await expect(page.getByRole('status').filter({ hasText: STAFF_MESSAGES.staffCreated })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Daftar akun staf' }).getByRole('row').filter({ hasText: PROCTOR.email })).toContainText('Pengawas');
  await expectNoAxeViolations(page, 'staff accounts (institution admin)');
  await page.getByRole('navigation', { name: 'Menu konsol' }).getByRole('link', { name: 'Anggota' }).click();
  await page.getByRole('button', { name: 'Tambah anggota' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah anggota' });
  await dialog.getByLabel('E-mail').fill(MEMBER.email);
  await dialog.getByLabel('Nama lengkap').fill('Siswa Akademi');
  await dialog.getByRole('button', { name: 'Tambah' }).click();
  await expect(page.getByRole('status').filter({ hasText: STAFF_MESSAGES.memberAdded })).toBeVisible();
  await page.getByRole('button', { name: 'Keluar', exact: true }).click();

  // The proctor sets a password and, its institution requiring it, is held on enrolment.
  await setStaffPassword(page, PROCTOR.email, PROCTOR.password, 'Pengawas');
  await staffLoginUi(page, PROCTOR.email, PROCTOR.password);
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expect(page.getByRole('navigation', { name: 'Menu konsol' }).getByRole('link')).toHaveText(['Keamanan akun']);
  await page.getByRole('button', { name: 'Keluar', exact: true }).click();

  // The member opens the invite's link (this server's origin, no PUBLIC_URL), sets a password and,
  // the company being in maintenance, sees the operator's picture.
  const invite = await latestMail(MEMBER.email);
  await page.goto(inviteLinkOf(invite.text).link);
  await page.getByLabel('Kode OTP').fill(otpFrom(invite));
  await page.getByRole('button', { name: 'Verifikasi OTP' }).click();
  await page.getByLabel('Password Baru').fill(MEMBER.password);
  await page.getByLabel('Konfirmasi Password').fill(MEMBER.password);
  await page.getByRole('button', { name: 'Simpan Password' }).click();
  await expect(page).toHaveURL(/\/success-reset-password$/);
  const token = await loginViaApi(request, MEMBER.email, MEMBER.password);
  const profile = await request.put(`/api${apiPaths.member.updateProfile}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { fullname: 'Siswa Akademi', date_of_birth: '2004-02-11', place_of_birth: 'Malang', phone: '081234567890', meta: { residential_address: 'Jl. Ijen 5, Malang' } },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  await loginViaUi(page, MEMBER.email, MEMBER.password);
  const blocked = page.getByRole('alertdialog', { name: 'Sedang dalam pemeliharaan' });
  await expect(blocked).toBeVisible();
  const picture = blocked.getByRole('img', { name: 'EPOT sedang dalam pemeliharaan. Silakan coba lagi beberapa saat lagi.' });
  await expect(picture).toHaveAttribute('src', pictureUrl);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await expect(blocked.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(page, 'maintenance (candidate)');
});
