// How the server process is started (npm start, benchmarks): V8 flags and environment. Decision 017.
// - A small young generation (default 16 MB per semi-space): streamed uploads and downloads do not
//   grow RSS by tens of MB. Embedded database: 2 MB (1 MB halves upload speed). PostgreSQL: 4 MB —
//   the scavenger's share of a storefront request falls by about a fifth, and with the payment and
//   export SDKs loaded on first use a streamed upload peaks at ~146 MB; 6 MB and more go over the
//   150 MB budget (decision 056).
// - Embedded database (no DATABASE_URL): PGlite lives in the server process, so it also gets one
//   glibc malloc arena, buffers of 64 KB and more (stream chunks) mapped on their own and so given
//   back to the system when freed (a streamed download then does not grow RSS), and --expose-gc
//   for the one full collection the server runs once it is serving (server/src/shared/footprint.ts).
// - Node 22: --experimental-async-context-frame (decision 064). The jobs' trace scope (an
//   AsyncLocalStorage entered for every request, issue 22) otherwise runs on promise hooks, which
//   tax every promise of every request: ~12 % of a storefront call's throughput. Node 24 keeps the
//   context in V8 by default; Node 20 (end of life) has no such mode and pays.

/** @param {NodeJS.ProcessEnv} env the server's environment (after .env is loaded) */
export function serverNodeFlags(env) {
  const memory = env.DATABASE_URL ? ['--max-semi-space-size=4'] : ['--max-semi-space-size=2', '--expose-gc'];
  return [...memory, ...asyncContextFlags()];
}

const ASYNC_CONTEXT_FRAME = '--experimental-async-context-frame';

/** The flag where this Node has it and does not already default to it (22.7 and later 22s). */
function asyncContextFlags() {
  const major = Number(process.versions.node.split('.')[0]);
  return major === 22 && process.allowedNodeEnvironmentFlags.has(ASYNC_CONTEXT_FRAME) ? [ASYNC_CONTEXT_FRAME] : [];
}

/** The server's environment: the given one, plus glibc malloc tuning on the embedded database (unless set). */
export function serverProcessEnv(env) {
  return env.DATABASE_URL ? env : { MALLOC_ARENA_MAX: '1', MALLOC_MMAP_THRESHOLD_: '65536', ...env };
}
