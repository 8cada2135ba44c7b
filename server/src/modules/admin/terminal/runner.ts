import { spawn } from 'node:child_process';
import { repoRoot } from '../../../shared/paths.ts';
import { TERMINAL_DEFAULT_TIMEOUT_MS, type TerminalCommand } from './commands.ts';

/** How a run ended. `interactive`: the program asked `(Y/n)` and was stopped. */
export type RunOutcome =
  | { kind: 'exit'; code: number }
  | { kind: 'interactive' }
  | { kind: 'timeout' }
  | { kind: 'aborted' }
  | { kind: 'spawn-error'; message: string };

// Colour and cursor codes a program prints for a real terminal (CSI / OSC sequences).
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007]*\u0007|\u001b[@-_]/g;

/** A line as the panel shows it: no colour codes, no trailing blanks. */
export function cleanLine(line: string): string {
  return line.replace(ANSI, '').replace(/\s+$/, '');
}

const INTERACTIVE = '(Y/n)';
/** Grace between SIGTERM and SIGKILL of a stopped process group. */
const KILL_GRACE_MS = 2_000;

/**
 * Run a whitelisted command in its own process group (no shell), report its output line by line
 * as it comes (stdout and stderr, `\n`, `\r\n` or `\r` ends a line), and settle with the outcome.
 * `signal` aborts (the client went away): the whole group is killed. Output asking `(Y/n)` — also
 * an unfinished prompt line — stops the group as interactive. After `timeoutMs` the group is killed.
 */
export function runCommand(command: TerminalCommand, onLine: (line: string) => void, signal: AbortSignal): Promise<RunOutcome> {
  return new Promise((resolve) => {
    let settled: RunOutcome | undefined;
    let pending = '';
    const child = spawn(command.file, [...command.args], {
      cwd: command.cwd ?? repoRoot,
      // Its own group, so that a stop reaches what it started (npm → node → …).
      detached: true,
      // stdin stays open and unwritten: a prompt waits (and is seen) instead of reading end-of-file.
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', npm_config_color: 'false', npm_config_progress: 'false' },
    });

    const killGroup = () => {
      if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
      const signalGroup = (sig: NodeJS.Signals) => {
        try {
          process.kill(-child.pid!, sig);
        } catch {
          // Already gone.
        }
      };
      signalGroup('SIGTERM');
      setTimeout(() => signalGroup('SIGKILL'), KILL_GRACE_MS).unref();
    };

    const stop = (outcome: RunOutcome) => {
      if (settled) return;
      settled = outcome;
      killGroup();
    };

    const feed = (chunk: Buffer) => {
      if (settled) return;
      pending += chunk.toString('utf8');
      const parts = pending.split(/\r\n|\r|\n/);
      pending = parts.pop() ?? '';
      for (const line of parts) {
        const clean = cleanLine(line);
        if (clean) onLine(clean);
        if (line.includes(INTERACTIVE)) return stop({ kind: 'interactive' });
      }
      if (pending.includes(INTERACTIVE)) {
        onLine(cleanLine(pending));
        pending = '';
        stop({ kind: 'interactive' });
      }
    };
    child.stdout.on('data', feed);
    child.stderr.on('data', feed);

    const timer = setTimeout(() => stop({ kind: 'timeout' }), command.timeoutMs ?? TERMINAL_DEFAULT_TIMEOUT_MS);
    const onAbort = () => stop({ kind: 'aborted' });
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });

    child.on('error', (error) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(settled ?? { kind: 'spawn-error', message: error.message });
    });
    child.on('close', (code, sig) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      if (!settled && pending) onLine(cleanLine(pending));
      // A group member may outlive the leader (a detached grandchild): stop it too.
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // The group is gone.
        }
      }
      resolve(settled ?? { kind: 'exit', code: code ?? (sig ? 128 : 1) });
    });
  });
}
