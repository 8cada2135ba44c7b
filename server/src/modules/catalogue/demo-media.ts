import { copyFile, mkdir, stat, writeFile } from 'node:fs/promises';
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { crc32 } from 'node:zlib';
import { serverRoot } from '../../shared/paths.ts';
import { localRoots, type StorageName } from '../storage/index.ts';

/**
 * The demo shop's preview clip: an 8-second H.264/AAC test pattern generated once with ffmpeg
 * (README "Demo media") and committed, so `npm start` needs no ffmpeg and downloads nothing.
 * It is served like any upload (`/storage/*`: ranges, so the player seeks).
 */
export const DEMO_PREVIEW_URL = '/storage/demo/preview.mp4';
const SOURCE = join(serverRoot, 'assets', 'demo', 'preview.mp4');

/**
 * Paid demo content lives in the private root (decision 024): one small real file per format
 * (`demo/sample.<format>`, shared by every demo file row of that format — each row keeps its own
 * download name) and the lesson video (`demo/lesson.mp4`, the same clip). Only signed links reach them.
 */
export const DEMO_PRIVATE_STORAGE: StorageName = 'local_private';
export const DEMO_LESSON_KEY = 'demo/lesson.mp4';
export const DEMO_SAMPLE_FORMATS = ['zip', 'cube', 'pdf', 'wav', 'mp3', 'aep', 'mp4', 'mov'] as const;
export const demoSampleKey = (format: string) => `demo/sample.${(DEMO_SAMPLE_FORMATS as readonly string[]).includes(format) ? format : 'zip'}`;

const README = (title: string) =>
  `Framecraft demo file — ${title}\r\nFramecraft 演示文件 — ${title}\r\n\r\nThis small file stands in for the real content of a demo item, so that a demo purchase can be downloaded.\r\n这是演示商品的示例文件，用于体验购买后的下载。\r\n`;

/** A zip archive with one stored (uncompressed) file: local header, data, central directory, end record. */
function zip(name: string, content: Buffer): Buffer {
  const fileName = Buffer.from(name);
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed
  local.writeUInt16LE(0x0800, 6); // UTF-8 names
  local.writeUInt16LE(0, 8); // stored
  local.writeUInt16LE(0, 10);
  local.writeUInt16LE(0x21, 12); // 1980-01-01
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  local.writeUInt16LE(0, 28);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0x0800, 8);
  central.writeUInt16LE(0, 10);
  central.writeUInt16LE(0, 12);
  central.writeUInt16LE(0x21, 14);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  central.writeUInt32LE(0, 42); // offset of the local header
  const centralOffset = local.length + fileName.length + content.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, fileName, content, central, fileName, end]);
}

/** An identity 3D LUT (Adobe .cube), 2 points per axis. */
function cube(): Buffer {
  const rows: string[] = [];
  for (let b = 0; b < 2; b++) for (let g = 0; g < 2; g++) for (let r = 0; r < 2; r++) rows.push(`${r}.000000 ${g}.000000 ${b}.000000`);
  return Buffer.from(`TITLE "Framecraft demo LUT"\nLUT_3D_SIZE 2\nDOMAIN_MIN 0.0 0.0 0.0\nDOMAIN_MAX 1.0 1.0 1.0\n${rows.join('\n')}\n`);
}

/** A one-page PDF with one line of text (byte offsets in the cross-reference table are computed). */
function pdf(): Buffer {
  const text = 'Framecraft demo file - usage notes';
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Half a second of a 440 Hz tone: PCM WAV, 8 kHz, 8-bit mono. */
function wav(): Buffer {
  const samples = 4000;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples, 40);
  const data = Buffer.alloc(samples);
  for (let i = 0; i < samples; i++) data[i] = 128 + Math.round(40 * Math.sin((2 * Math.PI * 440 * i) / 8000));
  return Buffer.concat([header, data]);
}

/** Half a second of silence: MPEG-1 Layer III frames, 128 kbit/s, 44.1 kHz mono (417 bytes each, all-zero side info). */
function mp3(): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0xc0]);
  return Buffer.concat(Array.from({ length: 20 }, () => frame));
}

/** An After Effects project stands in as a RIFX container (the format's envelope) holding the note. */
function aep(): Buffer {
  const note = Buffer.from(README('AE project'));
  const chunk = Buffer.alloc(8);
  chunk.write('note', 0);
  chunk.writeUInt32BE(note.length, 4);
  const body = Buffer.concat([Buffer.from('Egg!'), chunk, note, Buffer.alloc(note.length % 2)]);
  const head = Buffer.alloc(8);
  head.write('RIFX', 0);
  head.writeUInt32BE(body.length, 4);
  return Buffer.concat([head, body]);
}

/** The bytes of a sample, or undefined for the video formats (a copy of the committed clip). */
function sampleBytes(format: string): Buffer | undefined {
  switch (format) {
    case 'cube':
      return cube();
    case 'pdf':
      return pdf();
    case 'wav':
      return wav();
    case 'mp3':
      return mp3();
    case 'aep':
      return aep();
    case 'mp4':
    case 'mov':
      return undefined;
    default:
      return zip('README.txt', Buffer.from(README('material pack / 素材包')));
  }
}

/** The size recorded on a demo file row: the real size of its sample. */
export function demoSampleSize(format: string): number {
  const bytes = sampleBytes(demoSampleKey(format).slice('demo/sample.'.length));
  return bytes ? bytes.length : statSync(SOURCE).size;
}

const present = (file: string) => stat(file).then((s) => s.isFile(), () => false);

async function put(target: string, write: () => Promise<void>) {
  if (await present(target)) return;
  await mkdir(dirname(target), { recursive: true });
  await write();
}

/** Put the preview clip (public) and the demo files and lesson video (private) into this instance's storage unless there already. */
export async function ensureDemoMedia(dataDir: string): Promise<void> {
  const roots = localRoots(dataDir);
  await put(join(roots.local, DEMO_PREVIEW_URL), () => copyFile(SOURCE, join(roots.local, DEMO_PREVIEW_URL)));
  const privateRoot = roots[DEMO_PRIVATE_STORAGE as 'local_private'];
  await put(join(privateRoot, DEMO_LESSON_KEY), () => copyFile(SOURCE, join(privateRoot, DEMO_LESSON_KEY)));
  for (const format of DEMO_SAMPLE_FORMATS) {
    const target = join(privateRoot, demoSampleKey(format));
    const bytes = sampleBytes(format);
    await put(target, () => (bytes ? writeFile(target, bytes) : copyFile(SOURCE, target)));
  }
}
