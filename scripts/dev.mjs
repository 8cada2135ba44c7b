// `npm run dev`: the Vite dev server for the web app (http://localhost:5173, hot reload) and the
// API server in watch mode (tsx, restarts on change). Open the Vite URL: navigations and Vite's
// own files stay in Vite, API calls (the `server` header) are proxied to the server (web/vite.config.ts).
// Settings come from the environment, then from .env when present (the environment wins).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));

if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));
process.env.NODE_ENV ??= 'development';
const port = process.env.PORT || '8000';
// Where Vite's proxy sends API calls.
process.env.FRAMECRAFT_API ??= `http://127.0.0.1:${port === '0' ? '8000' : port}`;

// Resolved before anything starts, so that a missing tool leaves no process behind.
const tsxCli = require.resolve('tsx/cli');
const viteCli = join(dirname(require.resolve('vite/package.json', { paths: [join(root, 'web')] })), 'bin', 'vite.js');

const children = [
  spawn(process.execPath, [tsxCli, 'watch', '--clear-screen=false', join('server', 'src', 'main.ts')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  }),
  spawn(process.execPath, [viteCli], {
    cwd: join(root, 'web'),
    stdio: 'inherit',
  }),
];

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));

// When either side ends, end the other and leave with the first one's code.
let exitCode;
for (const child of children) {
  child.on('exit', (code, signal) => {
    exitCode ??= code ?? (signal ? 0 : 1);
    stop('SIGTERM');
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(exitCode);
  });
}
