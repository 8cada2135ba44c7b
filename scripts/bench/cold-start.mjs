// (b) Cold start of the built server on an existing, migrated data folder: time from spawning
// `node server/dist/main.js` to the first answered /healthz, and resident memory once idle.
import { performance } from 'node:perf_hooks';
import {
  freePort,
  median,
  preparedDataDir,
  removeDir,
  residentBytes,
  serverEnv,
  serverMain,
  startProcess,
  stopProcess,
  waitForOk,
} from './lib.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function coldStartBench({ runs = 5, idleMs = 2000 } = {}) {
  const dataDir = await preparedDataDir('cold-start');
  const startMs = [];
  const rss = [];
  try {
    console.log(`· cold start ×${runs} on a migrated data folder`);
    for (let i = 0; i < runs; i++) {
      const port = await freePort();
      const began = performance.now();
      const child = startProcess(serverMain, serverEnv({ port, dataDir }));
      try {
        await waitForOk(`http://127.0.0.1:${port}/healthz`, child);
        startMs.push(performance.now() - began);
        await sleep(idleMs);
        rss.push(residentBytes(child.pid));
      } catch (err) {
        throw new Error(`${err.message}\n${child.output}`);
      } finally {
        await stopProcess(child);
      }
    }
  } finally {
    removeDir(dataDir);
  }
  const ms = median(startMs);
  const mb = median(rss) / 1024 / 1024;
  return [
    {
      measure: 'cold start to first /healthz (median)',
      figure: `${Math.round(ms)} ms`,
      budget: '2000 ms',
      ok: ms <= 2000,
      note: `runs: ${startMs.map((v) => Math.round(v)).join(', ')} ms`,
    },
    {
      measure: `idle RSS ${idleMs / 1000} s after start (median)`,
      figure: `${mb.toFixed(0)} MB`,
      budget: '200 MB',
      ok: mb <= 200,
      note: '',
    },
  ];
}
