// (g) Checkout: balance payments per second (POST /api/pay/submit, method balance) with 50 members
// paying at once, each its own orders one after the other; then the ledger invariant is verified
// (balance = sum of its log, never negative, one debit per paid order). Some payments are refused
// for insufficient funds on purpose. Each member pays its orders in its own shuffled order, as
// members of a shop with many items would (not all 50 on the same item row at the same moment).
// Meant for PostgreSQL (DATABASE_URL); runs on PGlite too.
import { spawnSync } from 'node:child_process';
import { preparedDataDir, removeDir, repoRoot, startServer, stopProcess } from './lib.mjs';

const MEMBERS = Number(process.env.BENCH_CHECKOUT_MEMBERS ?? 50);
const ORDERS = Number(process.env.BENCH_CHECKOUT_ORDERS ?? 40);

function helper(dataDir, args) {
  const result = spawnSync('npx', ['tsx', 'src/cli/bench-checkout.ts', ...args], {
    cwd: `${repoRoot}/server`,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`bench-checkout ${args[0]} failed: ${result.stderr.slice(-2000)}`);
  return JSON.parse(result.stdout);
}

/** @returns rows for the report table */
export async function checkoutBench() {
  const dataDir = await preparedDataDir('checkout');
  try {
    console.log(`· ${MEMBERS} members × ${ORDERS} unpaid orders`);
    const run = Date.now().toString(36);
    const { members } = helper(dataDir, ['prepare', '--run', run, '--members', String(MEMBERS), '--orders', String(ORDERS)]);
    const server = await startServer(dataDir);
    let paid = 0;
    let refused = 0;
    let failed = 0;
    const latencies = [];
    const started = performance.now();
    let seconds = 0;
    let baseline = 0;
    try {
      console.log(`· paying: ${MEMBERS} members at once`);
      await Promise.all(
        members.map(async ({ token, orders }) => {
          const shuffled = [...orders].sort(() => Math.random() - 0.5);
          for (const orderNo of shuffled) {
            const t0 = performance.now();
            const answer = await fetch(`${server.origin}/api/pay/submit`, {
              method: 'POST',
              headers: { server: 'true', 'think-lang': 'en', 'content-type': 'application/json', 'ba-user-token': token },
              body: JSON.stringify({ order_no: orderNo, method: 'balance' }),
            });
            latencies.push(performance.now() - t0);
            const body = await answer.json().catch(() => undefined);
            if (body?.code === 1 && body.data.state === 'paid') paid += 1;
            else if (body?.code === 0) refused += 1;
            else failed += 1;
          }
        }),
      );
      seconds = (performance.now() - started) / 1000;
      // For scale on this machine: the cheapest logged-in call (token + member lookup, one count), same 50 members at once.
      const until = performance.now() + 5000;
      const t0 = performance.now();
      await Promise.all(
        members.map(async ({ token }) => {
          while (performance.now() < until) {
            const answer = await fetch(`${server.origin}/api/cart/count`, { headers: { server: 'true', 'ba-user-token': token } });
            await answer.arrayBuffer();
            baseline += 1;
          }
        }),
      );
      baseline /= (performance.now() - t0) / 1000;
    } finally {
      await stopProcess(server.child);
    }
    const verified = helper(dataDir, ['verify', '--run', run]);
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
    const ok = verified.broken === 0 && verified.paid === paid && failed === 0;
    return [
      { measure: `balance payments (${MEMBERS} members at once)`, figure: `${Math.round(paid / seconds)} pay/s`, budget: '', note: `${paid} paid, ${refused} refused (insufficient), ${failed} failed; p99 ${p99.toFixed(0)} ms` },
      { measure: 'logged-in read, same members (scale)', figure: `${Math.round(baseline)} req/s`, budget: '', note: 'GET /api/cart/count: what this machine gives the cheapest member call' },
      { measure: 'ledger invariant after the run', figure: ok ? 'holds' : 'BROKEN', budget: 'holds', ok, note: `${verified.members} members, ${verified.paid} paid orders, ${verified.broken} broken` },
    ];
  } finally {
    removeDir(dataDir);
  }
}
