import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Walk up from this file (src/shared or the bundled dist/) until `marker` exists. */
function findUp(marker: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (dir !== dirname(dir)) {
    if (existsSync(join(dir, marker))) return dir;
    dir = dirname(dir);
  }
  throw new Error(`Cannot locate ${marker} above ${fileURLToPath(import.meta.url)}`);
}

/** server/ — holds migrations/ and the built dist/. */
export const serverRoot = findUp(join('migrations', '0000_init.sql'));
/** The checkout root — holds web/dist. */
export const repoRoot = dirname(serverRoot);
