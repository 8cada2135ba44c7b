import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { resolve, sep } from 'node:path';

/**
 * PGlite has one writer: a second process opening the folder of a running server can corrupt it,
 * and a copy read while the server writes is not consistent. The running server keeps its data
 * files open, so on Linux the processes holding a file under the folder are found in
 * /proc/<pid>/fd. Returns their ids (empty when none, or when /proc cannot be read).
 */
export function processesUsing(folder: string): number[] {
  const root = resolve(folder) + sep;
  if (!existsSync('/proc/self/fd')) return [];
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue; // gone, or not ours to look at
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${entry}/fd/${fd}`).startsWith(root)) {
          found.push(Number(entry));
          break;
        }
      } catch {
        // closed meanwhile
      }
    }
  }
  return found;
}

/** The folder holds a database (PGlite writes PG_VERSION at creation). */
export const hasEmbeddedDatabase = (folder: string) => existsSync(resolve(folder, 'PG_VERSION'));

/** A folder that does not exist or holds nothing. */
export const isEmptyFolder = (folder: string) => !existsSync(folder) || readdirSync(folder).length === 0;
