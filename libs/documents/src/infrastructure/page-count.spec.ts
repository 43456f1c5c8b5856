import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageCountOf } from './page-count';

const MIB = 1024 * 1024;

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

  it('reads null for a PDF whose page objects are not visible (compressed object streams)', async () => {
    expect(await pageCountOf(file('compressed.pdf', pdfWith(2048, [[200, '<< /Type /ObjStm /N 4 >>']])), 'application/pdf')).toBeNull();
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

  it('has no pages for JPEG and PNG', async () => {
    expect(await pageCountOf(file('a.png', Buffer.from([0x89, 0x50])), 'image/png')).toBeNull();
    expect(await pageCountOf(file('a.jpg', Buffer.from([0xff, 0xd8])), 'image/jpeg')).toBeNull();
  });
});
