import { copyFile, mkdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { serverRoot } from '../../shared/paths.ts';
import { storageRoot } from '../uploads/storage.ts';

/**
 * The demo shop's preview clip: an 8-second H.264/AAC test pattern generated once with ffmpeg
 * (README "Demo media") and committed, so `npm start` needs no ffmpeg and downloads nothing.
 * It is served like any upload (`/storage/*`: ranges, so the player seeks).
 */
export const DEMO_PREVIEW_URL = '/storage/demo/preview.mp4';
const SOURCE = join(serverRoot, 'assets', 'demo', 'preview.mp4');

/** Put the clip into this instance's storage folder unless it is there already. */
export async function ensureDemoMedia(dataDir: string): Promise<void> {
  const target = join(storageRoot(dataDir), DEMO_PREVIEW_URL);
  const present = await stat(target).then((s) => s.isFile(), () => false);
  if (present) return;
  await mkdir(dirname(target), { recursive: true });
  await copyFile(SOURCE, target);
}
