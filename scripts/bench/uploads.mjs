// (d) Upload and download of one large file through the real server bundle: throughput and the
// server's peak resident memory while it streams (the file is never held in memory).
import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { preparedDataDir, removeDir, residentBytes, startServer, stopProcess } from './lib.mjs';

const MB = 1024 * 1024;
const BUDGET_MB = 150;

/** Opens the bench database (PGlite folder, or DATABASE_URL) for a few setup statements. */
async function openSql(dataDir) {
  if (process.env.DATABASE_URL) {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    return { query: (text, params) => client.query(text, params), close: () => client.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // The catalogue's search index needs pg_trgm, as when the server opens the folder.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = new PGlite(join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  return { query: (text, params) => db.query(text, params), close: () => db.close() };
}

/** A member with a known access token, and an upload limit above the file size. */
async function prepare(dataDir, maxSize) {
  const sql = await openSql(dataDir);
  const suffix = randomBytes(4).toString('hex');
  const raw = randomBytes(32).toString('base64url');
  try {
    const previous = (await sql.query(`select value from config where name = 'uploadMaxSize'`)).rows[0]?.value;
    await sql.query(`update config set value = $1 where name = 'uploadMaxSize'`, [JSON.stringify(maxSize)]);
    const member = await sql.query(
      `insert into "user" (username, password, invite_code) values ($1, 'x', $2) returning id`,
      [`bench_${suffix}`, suffix.toUpperCase()],
    );
    await sql.query(`insert into token (token_hash, type, owner_id, expire_time) values ($1, 'user', $2, now() + interval '1 hour')`, [
      createHash('sha256').update(raw).digest('hex'),
      member.rows[0].id,
    ]);
    return { token: raw, restore: async () => {
      const again = await openSql(dataDir);
      await again.query(`update config set value = $1 where name = 'uploadMaxSize'`, [JSON.stringify(previous)]);
      await again.close();
    } };
  } finally {
    await sql.close();
  }
}

/** Samples the server's RSS every 50 ms until stopped; returns the peak in bytes. */
function sampleRss(pid) {
  let peak = residentBytes(pid);
  const timer = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 50);
  return () => {
    clearInterval(timer);
    return Math.max(peak, residentBytes(pid));
  };
}

/** Streams a multipart body of `size` bytes: an MP4 header, then 1 MB blocks generated on the fly. */
function upload(origin, token, size) {
  const boundary = `bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const ftyp = Buffer.from('0000001c667479706973366f6d0000020069736f6d69736f326d703431', 'hex');
  const block = randomBytes(MB);
  return new Promise((resolve, reject) => {
    const req = request(`${origin}/api/ajax/upload`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + size + tail.length,
        server: 'true',
        'ba-user-token': token,
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => {
        const body = JSON.parse(text);
        if (body.code !== 1) reject(new Error(`upload answered ${text}`));
        else resolve(body.data.file);
      });
    });
    req.on('error', reject);
    req.write(head);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const chunk = sent === 0 ? Buffer.concat([ftyp, block.subarray(ftyp.length)]) : block;
        const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += piece.length;
        if (!req.write(piece)) return req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

function download(url) {
  return new Promise((resolve, reject) => {
    request(url, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

export async function uploadsBench({ sizeMb = Number(process.env.BENCH_UPLOAD_MB ?? 2048) } = {}) {
  const size = sizeMb * MB;
  const dataDir = await preparedDataDir('uploads');
  const { token, restore } = await prepare(dataDir, size + MB);
  const { child, origin } = await startServer(dataDir);
  try {
    const idleMb = residentBytes(child.pid) / MB;
    console.log(`· upload of ${sizeMb} MB`);
    let stop = sampleRss(child.pid);
    let began = performance.now();
    const file = await upload(origin, token, size);
    const upSeconds = (performance.now() - began) / 1000;
    const upPeakMb = stop() / MB;
    console.log(`· download of ${sizeMb} MB`);
    stop = sampleRss(child.pid);
    began = performance.now();
    const received = await download(`${origin}${file.url}`);
    const downSeconds = (performance.now() - began) / 1000;
    const downPeakMb = stop() / MB;
    if (received !== size) throw new Error(`downloaded ${received} of ${size} bytes`);
    // Embedded PGlite runs the database inside the server process, so its heap counts in the RSS.
    const embedded = process.env.DATABASE_URL ? '' : '; idle includes the embedded PGlite database — DATABASE_URL measures the server alone';
    return [
      { measure: `upload ${sizeMb} MB (stream, sha1, sniff, store)`, figure: `${(sizeMb / upSeconds).toFixed(0)} MB/s`, budget: '', note: `${upSeconds.toFixed(1)} s` },
      { measure: 'server peak RSS during upload', figure: `${upPeakMb.toFixed(0)} MB`, budget: `${BUDGET_MB} MB`, ok: upPeakMb <= BUDGET_MB, note: `idle ${idleMb.toFixed(0)} MB, +${(upPeakMb - idleMb).toFixed(0)} MB while streaming${embedded}` },
      { measure: `download ${sizeMb} MB`, figure: `${(sizeMb / downSeconds).toFixed(0)} MB/s`, budget: '', note: `${downSeconds.toFixed(1)} s` },
      { measure: 'server peak RSS during download', figure: `${downPeakMb.toFixed(0)} MB`, budget: `${BUDGET_MB} MB`, ok: downPeakMb <= BUDGET_MB, note: `+${(downPeakMb - idleMb).toFixed(0)} MB over idle` },
    ];
  } finally {
    await stopProcess(child);
    await restore();
    removeDir(dataDir);
  }
}
