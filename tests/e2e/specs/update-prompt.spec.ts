// The 'update available' prompt, driven by the real service worker: a side server serves a copy of
// dist/, the page installs the worker, the app is rebuilt into that folder with a new VITE_BUILD_ID
// (shown in the footer), and the next visit offers 'Perbarui', which reloads into the new build.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { root, SideServer } from '../support/side-server.ts';

async function viteBuild(outDir: string, buildId: string): Promise<void> {
  const child = spawn(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root, env: { ...process.env, VITE_BUILD_ID: buildId }, stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`vite build failed (${code})`);
}

test('a rebuilt app shows Perbarui and reloads into the new version', async ({ browser }) => {
  test.setTimeout(300_000);
  const work = mkdtempSync(join(tmpdir(), 'epot-e2e-update-'));
  const staticDir = join(work, 'static');
  cpSync(join(root, 'dist'), staticDir, { recursive: true });
  const side = new SideServer({ staticDir });
  try {
    await side.start();
    const context = await browser.newContext({ baseURL: side.url });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    // The first visit installs the worker; from the next one on it serves the app shell.
    await page.evaluate(async () => { await navigator.serviceWorker.ready; });
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    const buildId = `e2e-${Date.now().toString(36)}`;
    await viteBuild(join(work, 'next'), buildId);
    // Laid over the old files, as a deploy would: pages still open keep finding their chunks.
    cpSync(join(work, 'next'), staticDir, { recursive: true, force: true });

    await page.reload();
    const prompt = page.getByRole('dialog', { name: 'Versi baru tersedia' });
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    // Still the old build until the candidate agrees.
    await expect(page.getByText(`EPOT versi ${buildId}`)).toHaveCount(0);
    await prompt.getByRole('button', { name: 'Perbarui' }).click();
    await expect(page.getByTestId('build-id')).toHaveText(`EPOT versi ${buildId}`, { timeout: 30_000 });
    await expect(prompt).toBeHidden();
    await context.close();
  } finally {
    await side.dispose();
    rmSync(work, { recursive: true, force: true });
  }
});
