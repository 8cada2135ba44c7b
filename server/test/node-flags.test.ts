import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from '../../scripts/server-node-flags.mjs';

const major = Number(process.versions.node.split('.')[0]);

/**
 * Run in a Node started with the server's flags: a trace scope entered, then read after awaits.
 * `_propagate` is how Node's promise-hook AsyncLocalStorage hands the store on; the one kept in
 * V8's continuation data (AsyncContextFrame: Node 24's default, Node 22's flag) has none.
 */
const probe = `const { AsyncLocalStorage } = require('node:async_hooks');
const scope = new AsyncLocalStorage();
scope.run({ requestId: 'r1' }, async () => {
  await null;
  await new Promise((resolve) => setTimeout(resolve, 1));
  console.log(JSON.stringify({ store: scope.getStore(), promiseHooks: typeof AsyncLocalStorage.prototype._propagate === 'function' }));
});`;

/** Decision 064: the jobs' trace scope is entered for every request; it must not tax every promise where Node can avoid it. */
describe('the server process flags', () => {
  for (const [database, env] of [['PostgreSQL', { DATABASE_URL: 'postgres://127.0.0.1/x' }], ['the embedded database', {}]] as const) {
    it(`keep a request's trace scope across awaits, without promise hooks on Node 22 and later (${database})`, () => {
      const result = spawnSync(process.execPath, [...serverNodeFlags(env), '-e', probe], { encoding: 'utf8' });
      expect(result.status, result.stderr).toBe(0);
      const seen = JSON.parse(result.stdout) as { store: unknown; promiseHooks: boolean };
      expect(seen.store).toEqual({ requestId: 'r1' });
      expect(seen.promiseHooks).toBe(major < 22);
    });
  }
});
