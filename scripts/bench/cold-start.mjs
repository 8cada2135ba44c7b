// (b) Cold start on an existing, migrated data folder: time from spawning the process to the
// first answered /healthz — for the server bundle itself and for what `npm start` runs
// (scripts/start.mjs: build check, then the bundle) — and resident memory of the bundle once idle.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  freePort,
  median,
  preparedDataDir,
  removeDir,
  repoRoot,
  residentBytes,
  serverEnv,
  serverMain,
  startProcess,
  stopProcess,
  waitForOk,
} from './lib.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const startScript = join(repoRoot, 'scripts', 'start.mjs');

/** Start `script` `runs` times on `dataDir`; milliseconds to the first /healthz and, when asked, idle RSS. */
async function startTimes(script, dataDir, { runs, idleMs, measureMemory }) {
  const startMs = [];
  const rss = [];
  for (let i = 0; i < runs; i++) {
    const port = await freePort();
    const began = performance.now();
    const child = startProcess(script, serverEnv({ port, dataDir }));
    try {
      await waitForOk(`http://127.0.0.1:${port}/healthz`, child, 120_000);
      startMs.push(performance.now() - began);
      if (measureMemory) {
        await sleep(idleMs);
        rss.push(residentBytes(child.pid));
      }
    } catch (err) {
      throw new Error(`${err.message}\n${child.output}`);
    } finally {
      await stopProcess(child);
    }
  }
  return { startMs, rss };
}

const runsNote = (values) => `runs: ${values.map((v) => Math.round(v)).join(', ')} ms`;

export async function coldStartBench({ runs = 5, idleMs = 2000 } = {}) {
  const dataDir = await preparedDataDir('cold-start');
  const rows = [];
  try {
    console.log(`· node server/dist/main.js ×${runs} on a migrated data folder`);
    const bundle = await startTimes(serverMain, dataDir, { runs, idleMs, measureMemory: true });
    const ms = median(bundle.startMs);
    const mb = median(bundle.rss) / 1024 / 1024;
    rows.push(
      { measure: 'cold start, server bundle (median)', figure: `${Math.round(ms)} ms`, budget: '2000 ms', ok: ms <= 2000, note: runsNote(bundle.startMs) },
      { measure: `idle RSS ${idleMs / 1000} s after start (median)`, figure: `${mb.toFixed(0)} MB`, budget: '200 MB', ok: mb <= 200, note: '' },
    );
    console.log(`· node scripts/start.mjs (npm start without npm itself) ×${runs}`);
    // A first start builds whatever start.mjs finds out of date, so the timed runs do not.
    await startTimes(startScript, dataDir, { runs: 1, idleMs, measureMemory: false });
    const viaStart = await startTimes(startScript, dataDir, { runs, idleMs, measureMemory: false });
    const startMs = median(viaStart.startMs);
    rows.push({
      measure: 'cold start, npm start script (median)',
      figure: `${Math.round(startMs)} ms`,
      budget: '2000 ms',
      ok: startMs <= 2000,
      note: runsNote(viaStart.startMs),
    });
  } finally {
    removeDir(dataDir);
  }
  return rows;
}
