import { setFlagsFromString } from 'node:v8';

/**
 * Once the server is serving on the embedded database (PGlite in this process), it keeps a small
 * resident footprint (decision 017): from now on V8 favours memory over speed (start-up ran at full
 * speed), and one full collection drops the start-up garbage of migrations, seed checks and route
 * compilation. `gc` exists when the process runs with --expose-gc, as `npm start` starts it.
 */
export function settleFootprint(): void {
  setFlagsFromString('--optimize-for-size');
  (globalThis as { gc?: () => void }).gc?.();
}
