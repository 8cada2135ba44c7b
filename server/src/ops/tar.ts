import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * A small POSIX tar (ustar + pax `path` records for long names), gzip-compressed: the backup
 * archive is an ordinary `.tar.gz` that `tar -tzf` lists. Entries are regular files only, written
 * and read as streams, so archives larger than memory work.
 */

const BLOCK = 512;

function header(name: string, size: number, type: '0' | 'x', mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name.slice(0, 100), 0, 'utf8');
  block.write('0000644\0', 100);
  block.write('0000000\0', 108);
  block.write('0000000\0', 116);
  block.write(size.toString(8).padStart(11, '0') + '\0', 124);
  block.write(Math.floor(mtime).toString(8).padStart(11, '0') + '\0', 136);
  block.write('        ', 148);
  block.write(type, 156);
  block.write('ustar\0' + '00', 257);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(sum.toString(8).padStart(6, '0') + '\0 ', 148);
  return block;
}

function paxRecord(key: string, value: string): Buffer {
  const body = Buffer.byteLength(` ${key}=${value}\n`);
  // The record's length counts its own digits.
  let length = body + String(body).length;
  while (String(length).length + body !== length) length = String(length).length + body;
  return Buffer.from(`${length} ${key}=${value}\n`);
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

export interface TarWriter {
  /** Add a file from disk (streamed), or from memory; answers the SHA-256 (hex) of its bytes. */
  addFile(name: string, path: string, size: number): Promise<string>;
  addBuffer(name: string, data: Buffer): Promise<string>;
  finish(): Promise<void>;
}

export function createTarGz(file: string): TarWriter {
  const gzip = createGzip({ level: 6 });
  const out = createWriteStream(file, { mode: 0o600 });
  gzip.pipe(out);
  const failed = new Promise<never>((_, reject) => {
    gzip.on('error', reject);
    out.on('error', reject);
  });
  failed.catch(() => {});
  const write = async (chunk: Buffer) => {
    if (!gzip.write(chunk)) await Promise.race([once(gzip, 'drain'), failed]);
  };
  const writeHeader = async (name: string, size: number) => {
    const mtime = Date.now() / 1000;
    if (Buffer.byteLength(name) > 100) {
      const record = paxRecord('path', name);
      await write(header('././@PaxHeader', record.length, 'x', mtime));
      await write(record);
      await write(padding(record.length));
    }
    await write(header(name, size, '0', mtime));
  };
  return {
    async addFile(name, path, size) {
      await writeHeader(name, size);
      let written = 0;
      const hash = createHash('sha256');
      for await (const chunk of createReadStream(path)) {
        written += (chunk as Buffer).length;
        if (written > size) break;
        hash.update(chunk as Buffer);
        await write(chunk as Buffer);
      }
      if (written !== size) throw new Error(`${path} changed size while it was archived`);
      await write(padding(size));
      return hash.digest('hex');
    },
    async addBuffer(name, data) {
      await writeHeader(name, data.length);
      await write(data);
      await write(padding(data.length));
      return createHash('sha256').update(data).digest('hex');
    },
    async finish() {
      await write(Buffer.alloc(BLOCK * 2));
      gzip.end();
      await Promise.race([once(out, 'finish'), failed]);
    },
  };
}

/** Pulls exact byte counts out of a stream. */
class ByteReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private iterator: AsyncIterator<Buffer>;
  private done = false;
  constructor(stream: Readable) {
    this.iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }
  private async fill(n: number): Promise<boolean> {
    while (this.buffered < n && !this.done) {
      const next = await this.iterator.next();
      if (next.done) this.done = true;
      else {
        this.chunks.push(next.value);
        this.buffered += next.value.length;
      }
    }
    return this.buffered >= n;
  }
  /** Exactly n bytes, or null at the end of the stream (a short read is a truncated archive). */
  async read(n: number): Promise<Buffer | null> {
    if (!(await this.fill(n))) {
      if (this.buffered === 0) return null;
      throw new TruncatedArchiveError();
    }
    const all = Buffer.concat(this.chunks);
    this.chunks = all.length > n ? [all.subarray(n)] : [];
    this.buffered = all.length - n;
    return all.subarray(0, n);
  }
  /** Up to `max` bytes (at least one), for streaming a body. */
  async readSome(max: number): Promise<Buffer> {
    if (!(await this.fill(1))) throw new TruncatedArchiveError();
    const all = Buffer.concat(this.chunks);
    const take = Math.min(max, all.length);
    this.chunks = all.length > take ? [all.subarray(take)] : [];
    this.buffered = all.length - take;
    return all.subarray(0, take);
  }
}

export class TruncatedArchiveError extends Error {
  override name = 'TruncatedArchiveError';
  constructor() {
    super('the archive ends in the middle of an entry (it is incomplete)');
  }
}

const field = (block: Buffer, start: number, length: number) => block.subarray(start, start + length).toString('utf8').replace(/\0.*$/s, '');

/**
 * Read every entry of a .tar.gz in order; `onEntry` gets the name, the size and the body as an
 * async iterable of chunks (which it must consume before returning). Throws on a corrupt or
 * truncated archive.
 */
export async function readTarGz(file: string, onEntry: (name: string, size: number, body: AsyncIterable<Buffer>) => Promise<void>): Promise<void> {
  const gunzip = createGunzip();
  const input = createReadStream(file);
  input.on('error', (err) => gunzip.destroy(err));
  const reader = new ByteReader(input.pipe(gunzip));
  let paxPath: string | undefined;
  for (;;) {
    const block = await reader.read(BLOCK);
    if (block === null) throw new TruncatedArchiveError();
    if (block.every((b) => b === 0)) return;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
    if (parseInt(field(block, 148, 8).trim(), 8) !== sum) throw new Error('the archive is damaged (a tar header checksum is wrong)');
    const size = parseInt(field(block, 124, 12).trim() || '0', 8);
    const type = field(block, 156, 1) || '0';
    const prefix = field(block, 345, 155);
    const name = paxPath ?? (prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100));
    paxPath = undefined;
    if (type === 'x') {
      const data = (await reader.read(size + padding(size).length))!.subarray(0, size).toString('utf8');
      paxPath = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(data)?.[1];
      continue;
    }
    let left = size;
    const body = {
      async *[Symbol.asyncIterator]() {
        while (left > 0) {
          const chunk = await reader.readSome(Math.min(left, 1 << 20));
          left -= chunk.length;
          yield chunk;
        }
      },
    };
    if (type === '0' || type === '\0') await onEntry(name, size, body);
    // Skip whatever the callback did not read (and other entry types).
    for await (const chunk of body) void chunk;
    const pad = padding(size).length;
    if (pad && (await reader.read(pad)) === null) throw new TruncatedArchiveError();
  }
}

export async function writeAll(stream: Writable, body: AsyncIterable<Buffer>): Promise<void> {
  for await (const chunk of body) if (!stream.write(chunk)) await once(stream, 'drain');
  stream.end();
  await once(stream, 'finish');
}
