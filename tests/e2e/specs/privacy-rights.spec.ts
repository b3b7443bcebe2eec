// The candidate's rights (issue 19) end to end, in order (serial):
// 1. /account: the export downloads a zip whose manifest holds the profile, the order and the consent
//    ledger; the deletion, confirmed with the password, anonymises the account, ends the session and
//    mails a confirmation with the signed receipt.
// 2. The preparation page asks for the camera's photos separately from the rules; /account shows the
//    ledger and withdraws that consent after saying what follows; the test then does not start until
//    it is given again.
// 3. Cloud speech needs two yeses: an institution admin turns the flag on in the settings screen, the
//    member then sees the (optional) question and consents; the server allows cloud recognition only
//    while both stand.
// 4. The console: the operator sees the requests and re-sends a receipt (with the log); the demo
//    institution's admin deletes a member's data for a request made by letter, with a note.
// axe on every screen on the way.
import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiPaths, fillPath } from '../../../contracts/api-paths.ts';
import { PRIVACY_MESSAGES } from '../../../contracts/facts/index.ts';
import { ACCESS_KEY, latestMail, loginViaApi, loginViaUi } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { prepareOrder } from '../support/orders.ts';
import { staffLoginUi, staffToken } from '../support/staff.ts';
import { pool, testData, type E2eMember } from '../support/test-data.ts';

test.describe.configure({ mode: 'serial' });

const data = pool('privacy');
const all = testData();
const api = (p: string) => `/api${p}`;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
/** The member whose account test 1 deletes (test 4 finds the request). */
const deleted = data.individualMembers[1]!;

async function redeem(request: APIRequestContext, member: E2eMember, code: string): Promise<{ token: string; orderId: string }> {
  const token = await loginViaApi(request, member.email, member.password);
  const res = await request.post(api(apiPaths.order.create), { headers: auth(token), data: { license: code, meta: { job: 'PNS', certificate_for: 'Melamar CPNS' } } });
  expect(res.status(), await res.text()).toBe(200);
  return { token, orderId: ((await res.json()) as { data: { id: string } }).data.id };
}

/** From the test list (one order) to its preparation page. */
async function toPreparation(page: Page, member: E2eMember, orderId: string): Promise<void> {
  await loginViaUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/epot$/);
  await page.getByRole('button', { name: 'Mulai test EPOT' }).click();
  await expect(page).toHaveURL(new RegExp(`/epot/preparation\\?id=${orderId}$`));
}

async function openPrivacyTab(page: Page): Promise<void> {
  await page.goto('/account');
  await page.getByRole('tab', { name: 'Data Pribadi' }).click();
}

test('Data Pribadi: download everything as a zip, then delete the account with a mailed receipt', async ({ page, request }, info) => {
  test.setTimeout(120_000);
  const order = await prepareOrder(request, deleted, data.individualCodes[1]!);
  await loginViaUi(page, deleted.email, deleted.password);
  await expect(page).toHaveURL(/\/epot$/);
  await openPrivacyTab(page);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Unduh Data Saya' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^epot-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const file = info.outputPath('export.zip');
  await download.saveAs(file);
  const manifest = JSON.parse(execFileSync('unzip', ['-p', file, 'manifest.json']).toString('utf8')) as {
    profile: { email: string }; orders: { id: string }[]; consents: { order_id: string; kind: string; version: string; withdrawn_at: string | null }[];
  };
  expect(manifest.profile.email).toBe(deleted.email);
  expect(manifest.orders.map((o) => o.id)).toEqual([order.orderId]);
  // The consent ledger: the rules and, separately, the camera's photos, each with its version.
  expect(manifest.consents.map((c) => `${c.order_id}:${c.kind}:${c.withdrawn_at}`).sort()).toEqual([`${order.orderId}:biometric:null`, `${order.orderId}:terms:null`]);

  // What goes and what stays is explained before anything happens.
  await expect(page.getByText(/Yang dihapus: email, kata sandi/)).toBeVisible();
  await expect(page.getByText(/nama pada sertifikat, skor dan level, serta nomor sertifikat/)).toBeVisible();
  const remove = page.getByRole('button', { name: 'Hapus Akun Saya' });
  await expect(remove).toBeDisabled();
  await page.getByLabel('Kata sandi').fill(deleted.password);
  await page.getByText('Saya mengerti bahwa penghapusan tidak dapat dibatalkan').click();
  await remove.click();
  await expect(page.getByText('Data Anda telah dihapus.', { exact: false })).toBeVisible();
  const mail = await latestMail(deleted.email);
  expect(mail.subject).toBe('Konfirmasi penghapusan data EPOT');
  expect(mail.text).toMatch(/Tanda terima[^\n]*\n[\w-]+\.[\w-]+\.[\w-]+/);
  // The session ends; the old e-mail and password no longer log in.
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  await loginViaUi(page, deleted.email, deleted.password);
  await expect(page).not.toHaveURL(/\/epot$/);
});

test('the camera needs its own consent; withdrawn on /account, the test waits until it is given again', async ({ page, request }) => {
  test.setTimeout(120_000);
  const member = data.individualMembers[2]!;
  const { token, orderId } = await redeem(request, member, data.individualCodes[2]!);
  await toPreparation(page, member, orderId);
  await expect(page.getByRole('heading', { level: 2, name: 'Persetujuan foto wajah (data biometrik)' })).toBeVisible();
  // Individuals have no institution that could allow cloud recognition.
  await expect(page.getByRole('heading', { name: /Pengenalan suara di server/ })).toHaveCount(0);
  const start = page.getByRole('button', { name: 'Mulai test EPOT' });
  await page.getByRole('checkbox', { name: /Saya telah membaca dan menyetujui/ }).check({ force: true });
  await expect(start).toBeDisabled();
  await page.getByRole('checkbox', { name: /Saya setuju foto wajah saya diambil/ }).check({ force: true });
  await expect(start).toBeEnabled();
  await expectNoAxeViolations(page, 'preparation with the biometric consent');
  await start.click();
  await expect(page).toHaveURL(new RegExp(`/epot/specification\\?id=${orderId}$`));

  await openPrivacyTab(page);
  const ledger = page.getByRole('table', { name: 'Catatan persetujuan' });
  await expect(ledger.getByRole('row')).toHaveCount(3);
  await expect(ledger.getByRole('row', { name: /Foto wajah \(data biometrik\)/ })).toContainText('Aktif');
  await expect(ledger.getByRole('row', { name: /Peraturan tes/ })).toContainText('Aktif');
  await expect(page.getByText(/tidak dapat memulai tes yang diawasi kamera sampai Anda memberikan persetujuan lagi/)).toBeVisible();
  await expectNoAxeViolations(page, 'account consents');
  await page.getByRole('button', { name: 'Tarik persetujuan foto wajah' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Tarik persetujuan?' });
  await expect(dialog).toContainText('tidak menerima foto pengawasan baru');
  await expectNoAxeViolations(page, 'withdraw dialog');
  await dialog.getByRole('button', { name: 'Ya, tarik persetujuan' }).click();
  await expect(page.getByText(PRIVACY_MESSAGES.consentWithdrawn)).toBeVisible();
  await expect(ledger.getByRole('row', { name: /Foto wajah \(data biometrik\)/ })).toContainText('Ditarik');
  await expect(page.getByRole('button', { name: 'Tarik persetujuan foto wajah' })).toHaveCount(0);

  // The start signal (what the device check sends) is refused, as is any photo.
  const startUrl = api(fillPath(apiPaths.order.updateStartTest, { id: orderId }));
  const refused = await request.put(startUrl, { headers: auth(token) });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { message: string }).message).toBe(PRIVACY_MESSAGES.biometricRequired);
  // Given again on the preparation page: the test starts.
  await page.goto(`/epot/preparation?id=${orderId}`);
  await page.getByRole('checkbox', { name: /Saya telah membaca dan menyetujui/ }).check({ force: true });
  await page.getByRole('checkbox', { name: /Saya setuju foto wajah saya diambil/ }).check({ force: true });
  await page.getByRole('button', { name: 'Mulai test EPOT' }).click();
  await expect(page).toHaveURL(new RegExp(`/epot/specification\\?id=${orderId}$`));
  expect((await request.put(startUrl, { headers: auth(token) })).status()).toBe(200);
});

test('cloud speech needs the institution\'s flag and the member\'s own yes', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = all.staff.otherAdmin;
  const member = data.institutions.noIdentification.members[0]!;
  const { token, orderId } = await redeem(request, member, data.institutions.noIdentification.codes[0]!);
  const cloudAllowed = async () => ((await (await request.get(api(fillPath(apiPaths.order.violations, { id: orderId })), { headers: auth(token) })).json()) as { data: { cloud_speech: boolean } }).data.cloud_speech;
  const staff = await staffToken(request, admin.email, admin.password);
  const settingsUrl = api(fillPath(apiPaths.admin.institutionSettings, { id: admin.institutionId }));
  try {
    await staffLoginUi(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin\/settings$/);
    const flag = page.getByRole('group', { name: 'Pengenalan suara di server (cloud)' }).getByRole('checkbox', { name: 'Tawarkan pengenalan suara cloud kepada peserta' });
    await expect(flag).not.toBeChecked();
    await flag.check({ force: true });
    await expectNoAxeViolations(page, 'settings with the cloud-speech flag');
    await page.getByRole('button', { name: 'Simpan pengaturan' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Pengaturan berhasil disimpan' })).toBeVisible();
    const audit = await request.get(api(`${apiPaths.admin.audit}?action=institution.settings&limit=1`), { headers: auth(staff) });
    expect(((await audit.json()) as { data: { list: { before: { cloud_speech: boolean }; after: { cloud_speech: boolean } }[] } }).data.list[0]).toMatchObject({ before: { cloud_speech: false }, after: { cloud_speech: true } });
    // One yes is not enough.
    expect(await cloudAllowed()).toBe(false);

    await toPreparation(page, member, orderId);
    await expect(page.getByRole('heading', { level: 2, name: 'Pengenalan suara di server (pilihan)' })).toBeVisible();
    await expect(page.getByText(/dapat berada di luar Indonesia/)).toBeVisible();
    await page.getByRole('checkbox', { name: /Saya telah membaca dan menyetujui/ }).check({ force: true });
    await page.getByRole('checkbox', { name: /Saya setuju foto wajah saya diambil/ }).check({ force: true });
    await page.getByRole('checkbox', { name: /Saya setuju suara saya dikirim/ }).check({ force: true });
    await expectNoAxeViolations(page, 'preparation with the cloud-speech question');
    await page.getByRole('button', { name: 'Mulai test EPOT' }).click();
    await expect(page).toHaveURL(new RegExp(`/epot/specification\\?id=${orderId}$`));
    expect(await cloudAllowed()).toBe(true);

    // The member withdraws it on /account: back to the device.
    await openPrivacyTab(page);
    await page.getByRole('button', { name: 'Tarik persetujuan pengenalan suara' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ya, tarik persetujuan' }).click();
    await expect(page.getByText(PRIVACY_MESSAGES.consentWithdrawn)).toBeVisible();
    expect(await cloudAllowed()).toBe(false);
  } finally {
    const current = ((await (await request.get(settingsUrl, { headers: auth(staff) })).json()) as { data: { active_camera: boolean; setting: unknown } }).data;
    expect((await request.put(settingsUrl, { headers: auth(staff), data: { active_camera: current.active_camera, setting: current.setting, cloud_speech: false } })).status()).toBe(200);
  }
});

test('the console: the operator re-sends a receipt and reads the log; an institution admin deletes data for a request by letter', async ({ page, request }) => {
  test.setTimeout(120_000);
  await staffLoginUi(page, 'operator@epot.local', all.demo.password);
  await page.getByRole('navigation', { name: 'Menu konsol' }).getByRole('link', { name: 'Data pribadi' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Permintaan data pribadi' })).toBeVisible();
  const table = page.getByRole('grid', { name: 'Daftar permintaan data pribadi' });
  const row = table.getByRole('row').filter({ hasText: `e-mail sebelum dihapus: ${deleted.email}` });
  await expect(row).toContainText('Hapus data');
  await expect(row).toContainText('Oleh anggota (halaman Akun)');
  await expect(row).toContainText('terkirim 1×');
  await expectNoAxeViolations(page, 'privacy requests');
  await row.getByRole('button', { name: `Kirim ulang tanda terima ${deleted.email}` }).click();
  await expect(page.getByText(`Tanda terima telah dikirim ulang (${deleted.email})`)).toBeVisible();
  await expect(row).toContainText('terkirim 2×');
  expect((await latestMail(deleted.email, 1)).subject).toBe('Konfirmasi penghapusan data EPOT');
  await row.getByRole('button', { name: `Lihat log permintaan ${deleted.email}` }).click();
  const log = page.getByRole('dialog', { name: 'Log permintaan' });
  await expect(log.getByRole('list', { name: 'Log permintaan' }).getByRole('listitem')).toHaveText([
    /Diminta \(anggota\)$/, /Diselesaikan \(anggota\)$/, /Tanda terima dikirim$/, /Tanda terima dikirim ulang \(operator@epot\.local\)$/,
  ]);
  await expectNoAxeViolations(page, 'privacy request log');
  await log.getByRole('button', { name: 'Tutup' }).click();

  // The demo institution's admin: a member asked by letter.
  const member = data.institutions.demo.members[1]!;
  await page.getByRole('button', { name: 'Keluar', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
  await staffLoginUi(page, 'admin.lembaga@epot.local', all.demo.password);
  await page.getByRole('navigation', { name: 'Menu konsol' }).getByRole('link', { name: 'Data pribadi' }).click();
  await page.getByLabel('E-mail anggota').fill(member.email);
  await page.getByRole('button', { name: 'Cari anggota' }).click();
  await expect(page.getByText('Catatan minimal 10 karakter')).toBeVisible();
  const note = 'Surat permohonan penghapusan tertanggal 5 Maret, nomor 12/PDP';
  await page.getByLabel(/Catatan \(wajib\)/).fill(note);
  await page.getByRole('button', { name: 'Cari anggota' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Hapus data anggota?' });
  await expect(confirm).toContainText(member.email);
  await expectNoAxeViolations(page, 'staff deletion confirmation');
  await confirm.getByRole('button', { name: 'Ya, hapus data' }).click();
  await expect(page.getByText('Data anggota telah dihapus.', { exact: false })).toBeVisible();
  const staffRow = table.getByRole('row').filter({ hasText: `e-mail sebelum dihapus: ${member.email}` });
  await expect(staffRow).toContainText('Oleh staf (admin.lembaga@epot.local)');
  expect((await latestMail(member.email)).subject).toBe('Konfirmasi penghapusan data EPOT');
  const login = await request.post(api(apiPaths.member.login), { data: { access_key: ACCESS_KEY, provider: 'email', email: member.email, password: member.password } });
  expect(login.status()).toBe(401);
  const token = await staffToken(request, 'admin.lembaga@epot.local', all.demo.password);
  const audit = await request.get(api(`${apiPaths.admin.audit}?action=privacy.deletion&limit=1`), { headers: auth(token) });
  expect(((await audit.json()) as { data: { list: { after: { note: string } }[] } }).data.list[0]!.after.note).toBe(note);
});
