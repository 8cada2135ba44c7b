// `npm run backup`, `npm run restore FILE`, `npm run db:move -- --to postgres://…` (decision 047).
// Runs from the checkout root with the server's settings: the environment, then .env (the
// environment wins), so DATA_DIR and DATABASE_URL mean what they mean to `npm start`. Runs the
// TypeScript source when the dev tools are installed, else the built server/dist/ops.js
// (`npm run build`), so it works on a production install (`npm ci --omit=dev`) too.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));

// Paths on the command line are relative to where npm was run (npm runs scripts from the root).
const from = process.env.INIT_CWD ?? process.cwd();
const [command, ...rest] = process.argv.slice(2);
const args = rest.map((arg, i) => ((command === 'restore' && !arg.startsWith('-')) || rest[i - 1] === '--out' ? resolve(from, arg) : arg));

let entry = join(root, 'server', 'dist', 'ops.js');
let loader = [];
try {
  createRequire(join(root, 'server', 'package.json')).resolve('tsx');
  entry = join(root, 'server', 'src', 'cli', 'ops.ts');
  loader = ['--import', 'tsx'];
} catch {
  if (!existsSync(entry)) {
    console.error('server/dist/ops.js is missing: run npm run build first');
    process.exit(1);
  }
}
const child = spawn(process.execPath, [...loader, entry, command ?? '', ...args], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
