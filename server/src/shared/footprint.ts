import { setFlagsFromString } from 'node:v8';

/**
 * Once the server is serving on the embedded database (PGlite in this process), it keeps a small
 * resident footprint (decision 017): from now on V8 favours memory over speed (start-up ran at full
 * speed), and one full collection drops the start-up garbage of migrations, seed checks and route
 * compilation. `gc` exists when the process runs with --expose-gc, as `npm start` starts it.
 */
export function settleFootprint(): void {
  setFlagsFromString('--optimize-for-size');
  globalThis.gc?.();
}

/** Bytes a long stream moves between the young-generation collections it asks for (decision 058). */
export const STREAM_COLLECT_BYTES = 4 * 1024 * 1024;

/**
 * A meter for a long stream's chunks (an upload): every `everyBytes` it runs a young-generation
 * collection, when `gc` is exposed (the embedded database's server, decision 058). Each socket chunk
 * is its own 64 KB buffer outside the JavaScript heap, and a stream allocates little on the heap, so
 * V8's own young collections come only every ~15 MB of data and the dead chunks pile up in RSS
 * meanwhile; V8 answers the growing external memory with full collections (~85 per streamed GB).
 * A young collection (~1–3 ms) every 4 MB frees the chunks early and the full collections stop.
 * Without --expose-gc (PostgreSQL servers, tests) it does nothing.
 */
export function streamCollector(everyBytes = STREAM_COLLECT_BYTES): (bytes: number) => void {
  const gc = globalThis.gc;
  if (!gc) return () => {};
  let since = 0;
  return (bytes) => {
    since += bytes;
    if (since < everyBytes) return;
    since = 0;
    gc({ type: 'minor' });
  };
}
