import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { FileHandle, open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDeflate, deflateSync } from 'node:zlib';
import { MAX_DOCUMENT_BYTES } from '../domain/document-vocabulary';
import { pageCountOf } from './page-count';
import { PDF_COUNT_BOUNDS } from './pdf-page-count';

const MIB = 1024 * 1024;

/** The reads `count` makes of files (every read of the counters goes through a `FileHandle`): how many, how many bytes. */
async function readsOf<T>(path: string, count: () => Promise<T>): Promise<{ result: T; reads: number; bytes: number }> {
  const handle = await open(path, 'r');
  const prototype = Object.getPrototypeOf(handle) as { read: FileHandle['read'] };
  await handle.close();
  const original = prototype.read;
  let reads = 0;
  let bytes = 0;
  const spy = jest.spyOn(prototype, 'read').mockImplementation(async function (this: FileHandle, ...args: unknown[]) {
    const result = await (original as (...a: unknown[]) => Promise<{ bytesRead: number; buffer: Buffer }>).apply(this, args);
    reads += 1;
    bytes += result.bytesRead;
    return result as never;
  });
  try {
    return { result: await count(), reads, bytes };
  } finally {
    spy.mockRestore();
  }
}

describe('pageCountOf', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'page-count-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const file = (name: string, bytes: Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  };

  /** `%PDF-` then filler, with each marker placed at its offset. */
  function pdfWith(size: number, markers: Array<[number, string]>): Buffer {
    const pdf = Buffer.alloc(size, 0x20);
    pdf.write('%PDF-1.7\n', 0, 'latin1');
    for (const [offset, text] of markers) pdf.write(text, offset, 'latin1');
    return pdf;
  }

  it('counts page objects across the 1 MiB reads, each once, and not page-tree nodes that straddle a read', async () => {
    const pdf = pdfWith(3 * MIB, [
      [100, '<< /Type /Page >>'],
      [MIB - 6, '/Type /Page >>'], // straddles the first read's end
      [2 * MIB - 11, '/Type /Pages /Count 3 >>'], // `/Page` at the end of a read, `s` in the next: a node, not a page
      [2 * MIB + 500, '<</Type/Page/Parent 2 0 R>>'],
    ]);
    expect(await pageCountOf(file('pages.pdf', pdf), 'application/pdf')).toBe(3);
  });

  /**
   * A PDF 1.5 file as today's writers save it: the catalog, the page tree and `pages` page objects inside one
   * FlateDecode object stream (`/Type /ObjStm`: a header of object numbers and offsets, then the objects), a
   * cross-reference stream (itself compressed, with a PNG predictor, as writers do) and no object in plain text.
   * `extraPlainPages` page objects are written outside the stream, as an incremental update would add them.
   */
  function objectStreamPdf(pages: number, options: { length?: 'direct' | 'indirect'; compressed?: Buffer; decodeParms?: boolean; extraPlainPages?: number } = {}): Buffer {
    const kids = Array.from({ length: pages }, (_, index) => `${index + 3} 0 R`).join(' ');
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
      ...Array.from({ length: pages }, () => '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 99 0 R>>'),
    ];
    let body = '';
    const offsets = objects.map((object) => {
      const offset = body.length;
      body += `${object}\n`;
      return offset;
    });
    const header = `${objects.map((_, index) => `${index + 1} ${offsets[index]}`).join(' ')}\n`;
    const data = options.compressed ?? deflateSync(Buffer.from(header + body, 'latin1'));
    const streamNumber = objects.length + 1;
    const length = options.length === 'indirect' ? `${streamNumber + 2} 0 R` : String(data.length);
    const parts: Buffer[] = [
      Buffer.from('%PDF-1.5\n%\xe2\xe3\xcf\xd3\n', 'latin1'),
      Buffer.from(
        `${streamNumber} 0 obj\n<< /Type /ObjStm /N ${objects.length} /First ${header.length} /Length ${length} /Filter /FlateDecode${options.decodeParms ? ' /DecodeParms << /Predictor 12 /Columns 4 >>' : ''} >>\nstream\n`,
        'latin1',
      ),
      data,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    ];
    for (let index = 0; index < (options.extraPlainPages ?? 0); index++) {
      parts.push(Buffer.from(`${streamNumber + 3 + index} 0 obj\n<< /Type /Page /Parent 2 0 R >>\nendobj\n`, 'latin1'));
    }
    const xref = deflateSync(Buffer.alloc(5 * (streamNumber + 1), 1));
    parts.push(
      Buffer.from(`${streamNumber + 1} 0 obj\n<< /Type /XRef /Size ${streamNumber + 2} /W [1 2 1] /Root 1 0 R /Length ${xref.length} /Filter /FlateDecode /DecodeParms << /Columns 4 /Predictor 12 >> >>\nstream\n`, 'latin1'),
      xref,
      Buffer.from(`\nendstream\nendobj\n${options.length === 'indirect' ? `${streamNumber + 2} 0 obj\n${data.length}\nendobj\n` : ''}startxref\n0\n%%EOF\n`, 'latin1'),
    );
    return Buffer.concat(parts);
  }

  it('counts the page objects inside compressed object streams (PDF 1.5 /ObjStm, FlateDecode)', async () => {
    const pdf = objectStreamPdf(7);
    // Nothing of the page tree is visible as text.
    expect(pdf.includes(Buffer.from('/Type/Page'))).toBe(false);
    expect(await pageCountOf(file('objstm.pdf', pdf), 'application/pdf')).toBe(7);
    expect(await pageCountOf(file('objstm-indirect.pdf', objectStreamPdf(3, { length: 'indirect' })), 'application/pdf')).toBe(3);
  });

  it('adds the page objects in object streams to those written as text', async () => {
    expect(await pageCountOf(file('objstm-mixed.pdf', objectStreamPdf(2, { extraPlainPages: 2 })), 'application/pdf')).toBe(4);
  });

  // Each file below has one page object in plain text too: `null` comes from the object stream, not from no pages.
  it('gives null rather than a count that could be short when an object stream cannot be read', async () => {
    const corrupt = objectStreamPdf(2, { compressed: Buffer.from('not zlib data at all'), extraPlainPages: 1 });
    expect(await pageCountOf(file('objstm-corrupt.pdf', corrupt), 'application/pdf')).toBeNull();
    const truncated = objectStreamPdf(2, { compressed: deflateSync(Buffer.from('1 0 2 40\n<</Type/Page>>'.repeat(50))).subarray(0, 20), extraPlainPages: 1 });
    expect(await pageCountOf(file('objstm-truncated.pdf', truncated), 'application/pdf')).toBeNull();
    // A predictor is not undone here, so such a stream is not read.
    expect(await pageCountOf(file('objstm-predictor.pdf', objectStreamPdf(2, { decodeParms: true, extraPlainPages: 1 })), 'application/pdf')).toBeNull();
    // An object stream without its data.
    expect(await pageCountOf(file('objstm-nodata.pdf', pdfWith(2048, [[100, '<< /Type /Page >>'], [200, '<< /Type /ObjStm /N 4 >>']])), 'application/pdf')).toBeNull();
  });

  it('stops inflating past 25 MiB of object stream data (a zip bomb) and gives null', async () => {
    const deflate = createDeflate({ level: 9 });
    const chunks: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise((resolve) => deflate.on('end', resolve));
    const zeros = Buffer.alloc(MIB);
    for (let written = 0; written < 101; written++) deflate.write(zeros);
    deflate.end();
    await done;
    const bomb = Buffer.concat(chunks);
    expect(bomb.length).toBeLessThan(MIB);
    expect(await pageCountOf(file('objstm-bomb.pdf', objectStreamPdf(1, { compressed: bomb, extraPlainPages: 1 })), 'application/pdf')).toBeNull();
  });

  /** `count` object streams of one page each, FlateDecode with a direct `/Length`, one after the other. */
  function manyObjectStreams(count: number): Buffer {
    const data = deflateSync(Buffer.from('9 0\n<</Type/Page/Parent 2 0 R>>\n', 'latin1'));
    const parts = [Buffer.from('%PDF-1.5\n', 'latin1')];
    for (let index = 0; index < count; index++) {
      parts.push(Buffer.from(`${index + 10} 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Length ${data.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream\nendobj\n', 'latin1'));
    }
    return Buffer.concat(parts);
  }

  // Issue 33: a 25 MiB file of `/Type /ObjStm` objects took 51 s, one 6 KiB read per object stream, while its upload held
  // the case. The cost is now bounded by the file's size: it is read once, and past the bound the count is unknown.
  it('reads a 25 MiB file of object streams once, and gives null past the bound on object streams', async () => {
    const one = Buffer.from('1 0 obj\n<< /Type /ObjStm /N 0 /First 0 >>\nstream\n\nendstream\nendobj\n', 'latin1');
    const header = Buffer.from('%PDF-1.5\n', 'latin1');
    const crafted = Buffer.concat([header, Buffer.alloc(MAX_DOCUMENT_BYTES - header.length, one)]);
    const path = file('objstm-flood.pdf', crafted);
    const { result, bytes } = await readsOf(path, () => pageCountOf(path, 'application/pdf'));
    expect(result).toBeNull();
    expect(bytes).toBeLessThanOrEqual(crafted.length);
  });

  it('counts up to the bound on object streams, reading each byte of their data once', async () => {
    const atBound = manyObjectStreams(PDF_COUNT_BOUNDS.objectStreams);
    const path = file('objstm-bound.pdf', atBound);
    const { result, bytes, reads } = await readsOf(path, () => pageCountOf(path, 'application/pdf'));
    expect(result).toBe(PDF_COUNT_BOUNDS.objectStreams);
    // The file once, then per object stream its dictionary (6 KiB at most) and its data.
    expect(bytes).toBeLessThanOrEqual(2 * atBound.length + PDF_COUNT_BOUNDS.objectStreams * 6 * 1024);
    expect(reads).toBeLessThanOrEqual(2 + 2 * PDF_COUNT_BOUNDS.objectStreams);
    expect(await pageCountOf(file('objstm-past-bound.pdf', manyObjectStreams(PDF_COUNT_BOUNDS.objectStreams + 1)), 'application/pdf')).toBeNull();
  });

  it('gives null past the bound on page objects', async () => {
    const pages = Buffer.alloc(2 * MIB, '<</Type/Page>>');
    pages.write('%PDF-1.4\n', 0, 'latin1');
    expect(Math.floor(pages.length / 14)).toBeGreaterThan(PDF_COUNT_BOUNDS.pages);
    expect(await pageCountOf(file('too-many-pages.pdf', pages), 'application/pdf')).toBeNull();
  });

  it('follows a TIFF IFD chain in either byte order, and stops at a loop', async () => {
    const chain = (little: boolean, next: number[]) => {
      const bytes = Buffer.alloc(8 + next.length * 18);
      bytes.write(little ? 'II' : 'MM', 0, 'latin1');
      const u16 = (value: number, at: number) => (little ? bytes.writeUInt16LE(value, at) : bytes.writeUInt16BE(value, at));
      const u32 = (value: number, at: number) => (little ? bytes.writeUInt32LE(value, at) : bytes.writeUInt32BE(value, at));
      u16(42, 2);
      u32(8, 4);
      next.forEach((offset, index) => {
        u16(1, 8 + index * 18);
        u32(offset, 8 + index * 18 + 14);
      });
      return bytes;
    };
    expect(await pageCountOf(file('le.tif', chain(true, [26, 44, 0])), 'image/tiff')).toBe(3);
    expect(await pageCountOf(file('be.tif', chain(false, [26, 0])), 'image/tiff')).toBe(2);
    expect(await pageCountOf(file('loop.tif', chain(true, [26, 8])), 'image/tiff')).toBe(2);
  });

  // A chain of 100,000 IFDs that hops across 8 MiB: a read per IFD was 200,000 reads; the reads are now bounded by
  // twice the file's size, past which the count is unknown.
  it('reads a TIFF whose IFD chain hops across the file at most twice over, else null', async () => {
    const size = 8 * MIB;
    const hops = 100_000;
    const tiff = Buffer.alloc(size);
    tiff.write('II', 0, 'latin1');
    tiff.writeUInt16LE(42, 2);
    // IFD i sits in block (i * 37) mod 128, at its own place in that block: consecutive IFDs are far apart.
    const at = (index: number) => ((index * 37) % 128) * 64 * 1024 + 16 + Math.floor(index / 128) * 6;
    tiff.writeUInt32LE(at(0), 4);
    for (let index = 0; index < hops; index++) {
      tiff.writeUInt16LE(0, at(index));
      tiff.writeUInt32LE(index === hops - 1 ? 0 : at(index + 1), at(index) + 2);
    }
    const path = file('hops.tif', tiff);
    const { result, bytes, reads } = await readsOf(path, () => pageCountOf(path, 'image/tiff'));
    expect(result).toBeNull();
    expect(bytes).toBeLessThanOrEqual(2 * size + MIB);
    expect(reads).toBeLessThanOrEqual((2 * size + MIB) / (64 * 1024) + 1);
    // The same chain laid out forward, as writers do, is counted.
    const forward = Buffer.alloc(8 + hops * 6);
    forward.write('II', 0, 'latin1');
    forward.writeUInt16LE(42, 2);
    forward.writeUInt32LE(8, 4);
    for (let index = 0; index < hops; index++) forward.writeUInt32LE(index === hops - 1 ? 0 : 8 + (index + 1) * 6, 8 + index * 6 + 2);
    expect(await pageCountOf(file('forward.tif', forward), 'image/tiff')).toBe(hops);
  });

  it('has no pages for JPEG and PNG', async () => {
    expect(await pageCountOf(file('a.png', Buffer.from([0x89, 0x50])), 'image/png')).toBeNull();
    expect(await pageCountOf(file('a.jpg', Buffer.from([0xff, 0xd8])), 'image/jpeg')).toBeNull();
  });
});
