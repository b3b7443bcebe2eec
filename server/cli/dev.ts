// `npm run dev`: the API with file watching (tsx watch) on EPOT_DEV_API_PORT (8081) plus the Vite dev
// server with HMR on PORT (5173), which proxies /api to it. Ctrl+C stops both.
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureStaticAssets } from './models.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const apiPort = process.env.EPOT_DEV_API_PORT ?? '8081';
const webPort = process.env.PORT ?? '5173';

await ensureStaticAssets({ ifMissing: true, repoRoot: root });

const children: ChildProcess[] = [
  spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'server/server.ts'], {
    cwd: root, stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1', NODE_ENV: 'development', STATIC_DIR: join(root, '.tmp', 'no-static') },
  }),
  spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), '--port', webPort, '--strictPort'], {
    cwd: root, stdio: 'inherit', env: { ...process.env, EPOT_DEV_API: `http://127.0.0.1:${apiPort}` },
  }),
];

const stop = () => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM'));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const c of children) c.once('exit', (code) => { if (code) process.exitCode = code; stop(); });
