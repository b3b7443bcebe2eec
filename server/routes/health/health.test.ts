// Issue 29.6: health reports degraded (503) while writes recently failed on a full disk, and a
// DATA_DIR that cannot be written stops the start with a message naming the folder and the cause.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { DataDirError } from '../../db/data-dir-check.ts';
import { startServer } from '../../server.ts';
import { STORAGE_FULL_HEALTH_MS } from '../../plugins/error-handler.ts';
import { buildTestApp, type TestApp } from '../../../tests/server-helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t?.cleanup(); });

describe('health and a full disk', () => {
  it('is degraded after a request failed on a full disk, and healthy again once writes stop failing', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    t.app.storageFullAt = t.clock.now();
    const degraded = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(degraded.statusCode).toBe(503);
    expect(degraded.json()).toMatchObject({ status: 503, code: 'storage_full', message: expect.stringContaining('Penyimpanan server penuh') });
    t.clock.advance(STORAGE_FULL_HEALTH_MS + 1000);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('a DATA_DIR that cannot be written', () => {
  it('stops the start with an error naming the folder and the cause, before anything opens', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'epot-ro-'));
    try {
      // A path through a file: it cannot be created by anyone (root included, unlike a chmod).
      writeFileSync(join(dir, 'file'), '');
      const dataDir = join(dir, 'file', 'data');
      const start = startServer(loadConfig({ NODE_ENV: 'test', PORT: '0', DATA_DIR: dataDir }), { handleSignals: false, print: () => {} });
      await expect(start).rejects.toBeInstanceOf(DataDirError);
      await expect(start).rejects.toThrow(`The data folder ${dataDir} (DATA_DIR) cannot be used: ENOTDIR`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
