import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Only what a server process needs, so the test runner's own settings do not leak in. */
export function baseEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn' };
  for (const [name, value] of Object.entries(extra)) if (value !== undefined) env[name] = value;
  return env;
}

export interface ServerProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the URL the server printed once it listens. */
  listening: Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Start a real server process: `entry` is a built bundle (run by node) or src/main.ts (run
 * through tsx).
 */
export function startServer(entry: string, env: NodeJS.ProcessEnv): ServerProcess {
  const args = entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry];
  const child = spawn(process.execPath, args, { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = once(child, 'exit').then(([code, signal]) => ({ code, signal }) as { code: number | null; signal: NodeJS.Signals | null });
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/Framecraft is serving at (http:\/\/[^\s"]+)/);
      if (match) resolve(match[1]!);
    });
    void exited.then(({ code }) => reject(new Error(`server exited (${code}) before listening:\n${err}`)));
  });
  listening.catch(() => {}); // awaited only by tests that expect the server to come up
  return { child, stdout: () => out, stderr: () => err, listening, exited };
}
