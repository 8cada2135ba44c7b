import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** The absolute file of a saved name; refuses anything that would leave the root. */
export function pathInRoot(root: string, savedName: string): string {
  const target = resolve(root, savedName.replace(/^\/+/, ''));
  const rel = relative(root, target);
  if (rel === '' || rel.startsWith('..') || rel.split(sep).includes('..') || resolve(root, rel) !== target) {
    throw new Error(`Path escapes the storage root: ${savedName}`);
  }
  return target;
}

export async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** Moves a finished temporary file to its place (same file system: DATA_DIR/tmp → DATA_DIR/public or private). */
export async function moveInto(temp: string, target: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  await rename(temp, target);
}

export const removeQuietly = (file: string) => rm(file, { force: true }).catch(() => undefined);

export const tempDir = (dataDir: string) => join(resolve(dataDir), 'tmp', 'uploads');
