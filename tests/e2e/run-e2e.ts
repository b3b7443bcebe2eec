// Runs the Playwright suite against the real production server on a fresh embedded database:
// makes missing fixtures, starts a real SMTP sink, builds the SPA if stale, starts
// `server/cli/start.ts` on a free port with a temporary DATA_DIR, waits for /api/health, runs
// Playwright, and always stops the server and the sink.
//
// Tests get: E2E_BASE_URL, E2E_DATA_DIR, E2E_MAIL_URL (GET answers every received mail as JSON,
// oldest first), E2E_SSO_SECRET / E2E_SSO_PREFIX (to sign /sso links with server/services/accounts/sso.ts) and
// E2E_DATA_FILE (licence codes, institutions and members made before the server started; read it
// with tests/e2e/support/test-data.ts).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSmtpSink } from '../server-helpers/smtp-sink.ts';
import { prepareE2eData } from './support/prepare-data.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const extraArgs = process.argv.slice(2);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch { /* not up yet */ }
    if (Date.now() > until) throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const fixtures = ['one-face', 'two-faces', 'no-face', 'face-leaves'];
if (fixtures.some((f) => !existsSync(join(root, 'tests', 'fixtures', 'out', `${f}.y4m`)))) {
  const res = spawnSync('bash', [join(root, 'tests', 'fixtures', 'make-fixtures.sh')], { stdio: 'inherit', cwd: root });
  if (res.status !== 0) throw new Error('making the webcam fixtures failed');
}
// The QA kit's short clips that proctoring.spec.ts plays (issue 27).
const liveness = ['still-photo', 'poster-behind'].filter((f) => !existsSync(join(root, 'tests', 'fixtures', 'out', `${f}.short.mjpeg`)));
if (liveness.length) {
  const res = spawnSync('bash', [join(root, 'tests', 'fixtures', 'make-liveness-fixtures.sh'), '--short', ...liveness], { stdio: 'inherit', cwd: root });
  if (res.status !== 0) throw new Error('making the liveness fixtures failed');
}
if (!existsSync(join(root, 'tests', 'fixtures', 'out', 'audio', 'mic-speech.wav'))) {
  const res = spawnSync('bash', [join(root, 'tests', 'fixtures', 'make-speech-fixtures.sh')], { stdio: 'inherit', cwd: root });
  if (res.status !== 0) throw new Error('making the speech fixtures failed (needs espeak-ng and sox)');
}

// The sink lives in this process, so Playwright must run asynchronously (spawnSync would block it).
const sink = await startSmtpSink();
const mailServer = createHttpServer((_req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(sink.messages.map(({ from, to, subject, text }) => ({ from, to, subject, text }))));
});
await new Promise<void>((r) => mailServer.listen(0, '127.0.0.1', r));
const mailUrl = `http://127.0.0.1:${(mailServer.address() as AddressInfo).port}/`;
const ssoSecret = randomBytes(24).toString('hex');
const ssoPrefix = 'epot-sso-';

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'epot-e2e-'));
const baseUrl = `http://127.0.0.1:${port}`;
// Before the server starts: it then holds the PGlite folder for the whole run.
let dataFile: string;
try {
  dataFile = (await prepareE2eData(dataDir)).file;
} catch (err) {
  mailServer.close();
  await sink.close();
  rmSync(dataDir, { recursive: true, force: true });
  throw err;
}
const server = spawn(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'server', 'cli', 'start.ts')], {
  cwd: root,
  env: {
    ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production', LOG_LEVEL: 'warn',
    SMTP_URL: sink.url, SSO_SECRET: ssoSecret, SSO_PREFIX: ssoPrefix, ACCESS_KEY: 'epot-public-demo-key', GOOGLE_CLIENT_ID: '',
    // Mail links and the certificate QR come from configuration only (issues 28, 29), as in a deployment.
    PUBLIC_URL: baseUrl,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let code = 1;
try {
  await waitForHealth(`${baseUrl}/api/health`, 180_000);
  const pw = spawn(process.execPath, [join(root, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '-c', join(root, 'tests', 'e2e', 'playwright.config.ts'), ...extraArgs], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env, E2E_BASE_URL: baseUrl, E2E_DATA_DIR: dataDir, E2E_MAIL_URL: mailUrl,
      E2E_SSO_SECRET: ssoSecret, E2E_SSO_PREFIX: ssoPrefix, E2E_DATA_FILE: dataFile,
    },
  });
  code = await new Promise<number>((resolve) => pw.on('exit', (c) => resolve(c ?? 1)));
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  if (server.exitCode === null) server.kill('SIGKILL');
  mailServer.close();
  await sink.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
