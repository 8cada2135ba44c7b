import { join } from 'node:path';
import { repoRoot } from '../../../shared/paths.ts';

/**
 * One command the web terminal may run (conventions "Terminal stream"): a program and its argument
 * array, run without a shell. Nothing of the request reaches the command line: the client names a
 * key of the whitelist, never a program or an argument.
 */
export interface TerminalCommand {
  /** The program (looked up on PATH) — `process.execPath` for Node scripts. */
  file: string;
  args: readonly string[];
  /** Working folder; the checkout root by default. */
  cwd?: string;
  /** Hard limit; the process group is killed after it. Default TERMINAL_DEFAULT_TIMEOUT_MS. */
  timeoutMs?: number;
}

/** Whitelisted commands by key (`group.sub`); `app.terminalCommands` holds the running server's. */
export type TerminalWhitelist = Map<string, TerminalCommand>;

export const TERMINAL_DEFAULT_TIMEOUT_MS = 10 * 60_000;

/** Package managers the config dialog offers; `none` = install nothing (the operator does it). */
export const PACKAGE_MANAGERS = ['npm', 'pnpm', 'yarn', 'none'] as const;
export type PackageManager = (typeof PACKAGE_MANAGERS)[number];

/** `name=https://…` pairs, comma-separated (TERMINAL_NPM_REGISTRIES), as a name → URL map. */
export function parseRegistries(text: string | undefined): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of (text ?? '').split(',')) {
    const at = part.indexOf('=');
    if (at < 1) continue;
    const name = part.slice(0, at).trim();
    const url = part.slice(at + 1).trim();
    if (/^[a-z][a-z0-9-]{0,30}$/i.test(name) && /^https?:\/\/[^\s]+$/.test(url)) found.set(name, url);
  }
  return found;
}

/**
 * The built-in whitelist: install dependencies, build the web app, run migrations (and the missing
 * seed rows), show versions, set the npm registry, test the database and Redis connections.
 * `registries` are the operator's named npm mirrors (TERMINAL_NPM_REGISTRIES); `npm` is npm's default.
 */
export function defaultWhitelist(registries: Map<string, string> = new Map()): TerminalWhitelist {
  const node = process.execPath;
  const list: [string, TerminalCommand][] = [
    ['install.npm', { file: 'npm', args: ['install', '--no-audit', '--no-fund'] }],
    ['install.pnpm', { file: 'pnpm', args: ['install'] }],
    ['install.yarn', { file: 'yarn', args: ['install'] }],
    ['web-build.npm', { file: 'npm', args: ['run', 'build', '-w', 'web'] }],
    ['web-build.pnpm', { file: 'pnpm', args: ['--filter', './web', 'run', 'build'] }],
    ['web-build.yarn', { file: 'yarn', args: ['workspace', '@framecraft/web', 'run', 'build'] }],
    ['migrate.npm', { file: 'npm', args: ['run', 'db:seed'] }],
    ['version.node', { file: node, args: ['--version'], timeoutMs: 30_000 }],
    ['version.npm', { file: 'npm', args: ['--version'], timeoutMs: 30_000 }],
    ['version.pnpm', { file: 'pnpm', args: ['--version'], timeoutMs: 30_000 }],
    ['version.yarn', { file: 'yarn', args: ['--version'], timeoutMs: 30_000 }],
    ['version.all', { file: node, args: [join(repoRoot, 'scripts', 'terminal-check.mjs'), 'versions'], timeoutMs: 30_000 }],
    ['npm-registry.get', { file: 'npm', args: ['config', 'get', 'registry'], timeoutMs: 30_000 }],
    ['set-npm-registry.npm', { file: 'npm', args: ['config', 'delete', 'registry'], timeoutMs: 30_000 }],
    ['test.database', { file: node, args: [join(repoRoot, 'scripts', 'terminal-check.mjs'), 'database'], timeoutMs: 30_000 }],
    ['test.redis', { file: node, args: [join(repoRoot, 'scripts', 'terminal-check.mjs'), 'redis'], timeoutMs: 30_000 }],
  ];
  for (const [name, url] of registries) {
    if (name === 'npm') continue;
    list.push([`set-npm-registry.${name}`, { file: 'npm', args: ['config', 'set', 'registry', url], timeoutMs: 30_000 }]);
  }
  return new Map(list);
}

/** The line shown before the output: `> program args` (the program by its name, not its path). */
export function commandLine(command: TerminalCommand): string {
  const program = command.file === process.execPath ? 'node' : command.file;
  const args = command.args.map((arg) => (arg.startsWith(repoRoot) ? arg.slice(repoRoot.length + 1) : arg));
  return ['>', program, ...args].join(' ');
}
