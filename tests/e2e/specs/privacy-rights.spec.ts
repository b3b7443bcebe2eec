// The candidate's rights on /account (issue 19) end to end: the export downloads a zip whose
// manifest holds the member's profile and order; the deletion, confirmed with the password,
// anonymises the account, ends the session, and mails a confirmation with the signed receipt.
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { latestMail, loginViaUi } from '../support/accounts.ts';
import { prepareOrder } from '../support/orders.ts';
import { pool } from '../support/test-data.ts';

const data = pool('privacy');

test('Data Pribadi: download everything as a zip, then delete the account with a mailed receipt', async ({ page, request }, info) => {
  test.setTimeout(120_000);
  const member = data.individualMembers[1]!;
  const order = await prepareOrder(request, member, data.individualCodes[1]!);
  await loginViaUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/epot$/);
  await page.goto('/account');
  await page.getByRole('tab', { name: 'Data Pribadi' }).click();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Unduh Data Saya' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^epot-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const file = info.outputPath('export.zip');
  await download.saveAs(file);
  const manifest = JSON.parse(execFileSync('unzip', ['-p', file, 'manifest.json']).toString('utf8')) as {
    profile: { email: string }; orders: { id: string }[]; consents: { order_id: string }[];
  };
  expect(manifest.profile.email).toBe(member.email);
  expect(manifest.orders.map((o) => o.id)).toEqual([order.orderId]);
  expect(manifest.consents.map((c) => c.order_id)).toEqual([order.orderId]);

  // What goes and what stays is explained before anything happens.
  await expect(page.getByText(/Yang dihapus: email, kata sandi/)).toBeVisible();
  await expect(page.getByText(/nama pada sertifikat, skor dan level, serta nomor sertifikat/)).toBeVisible();
  const remove = page.getByRole('button', { name: 'Hapus Akun Saya' });
  await expect(remove).toBeDisabled();
  await page.getByLabel('Kata sandi').fill(member.password);
  await page.getByText('Saya mengerti bahwa penghapusan tidak dapat dibatalkan').click();
  await remove.click();
  await expect(page.getByText('Data Anda telah dihapus.', { exact: false })).toBeVisible();
  const mail = await latestMail(member.email);
  expect(mail.subject).toBe('Konfirmasi penghapusan data EPOT');
  expect(mail.text).toMatch(/Tanda terima[^\n]*\n[\w-]+\.[\w-]+\.[\w-]+/);
  // The session ends; the old e-mail and password no longer log in.
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  await loginViaUi(page, member.email, member.password);
  await expect(page).not.toHaveURL(/\/epot$/);
});
