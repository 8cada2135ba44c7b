import { open } from 'node:fs/promises';

const CHUNK = 1 << 20;

/**
 * The duration in whole seconds (rounded) of an MP4/MOV file, from its movie header (`mvhd`:
 * duration ÷ timescale), read with mp4box in 1 MiB steps until the movie box is parsed — the
 * `moov` box may sit at the end of a large file, so only what is needed is read, never all of it
 * at once. 0 when the file is not an ISO media file or has no movie header.
 */
export async function videoDurationSeconds(path: string): Promise<number> {
  const { createFile } = await import('mp4box');
  const file = createFile();
  let seconds: number | undefined;
  file.onReady = (info) => {
    seconds = info.timescale > 0 ? Math.round(info.duration / info.timescale) : 0;
  };
  file.onError = () => {
    seconds = 0;
  };
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    let position = 0;
    while (seconds === undefined && position < size) {
      const buffer = Buffer.alloc(Math.min(CHUNK, size - position));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      if (bytesRead === 0) break;
      const chunk = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + bytesRead) as ArrayBuffer & { fileStart: number };
      chunk.fileStart = position;
      // mp4box answers where it wants the next bytes from (it skips over large `mdat` boxes).
      const next = file.appendBuffer(chunk);
      position = typeof next === 'number' && next > position ? next : position + bytesRead;
    }
    file.flush();
  } finally {
    await handle.close();
  }
  return seconds ?? 0;
}
