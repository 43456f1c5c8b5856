import { open } from 'node:fs/promises';
import { DocumentContentType } from '../domain/document-vocabulary';

const READ_CHUNK = 1024 * 1024;
/** A page object of a PDF's page tree: `/Type /Page`, not `/Pages` (a node of the tree). */
const PDF_PAGE = /\/Type\s*\/Page(?![A-Za-z0-9])/g;
/** Longer than any `/Type /Page` written with spaces or comments between the tokens that matter here. */
const PDF_OVERLAP = 64;
/** A TIFF bigger than this many pages is taken as a loop in its IFD chain. */
const MAX_TIFF_PAGES = 100_000;

/**
 * Pages of a stored file: PDF and TIFF have them, images of other types have none (`null`). Read from the upload's
 * file on disk in chunks, never whole, so a 25 MiB upload costs a megabyte of memory here.
 */
export async function pageCountOf(path: string, contentType: DocumentContentType): Promise<number | null> {
  if (contentType === 'application/pdf') return pdfPageCount(path);
  if (contentType === 'image/tiff') return tiffPageCount(path);
  return null;
}

/**
 * The page objects a PDF shows (`/Type /Page`); `null` when none is visible — a PDF 1.5 file whose page objects are
 * all inside compressed object streams, which this count does not inflate (docs/decisions.md).
 */
async function pdfPageCount(path: string): Promise<number | null> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(READ_CHUNK);
    let carry = '';
    let position = 0;
    let pages = 0;
    let countedUpTo = -1;
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, READ_CHUNK, position);
      const last = bytesRead === 0;
      const window = carry + buffer.toString('latin1', 0, bytesRead);
      const windowStart = position - carry.length;
      for (const match of window.matchAll(PDF_PAGE)) {
        const end = windowStart + (match.index ?? 0) + match[0].length;
        // A match at the very end may yet be `/Pages`: it is judged in the next window, with its next character.
        if (end <= countedUpTo || (!last && (match.index ?? 0) + match[0].length >= window.length)) continue;
        pages += 1;
        countedUpTo = end;
      }
      if (last) break;
      position += bytesRead;
      carry = window.slice(-PDF_OVERLAP);
    }
    return pages > 0 ? pages : null;
  } finally {
    await file.close();
  }
}

/** The number of image file directories in a TIFF's chain (one per page); `null` for a chain that cannot be read. */
async function tiffPageCount(path: string): Promise<number | null> {
  const file = await open(path, 'r');
  try {
    const header = Buffer.alloc(8);
    if ((await file.read(header, 0, 8, 0)).bytesRead < 8) return null;
    const little = header[0] === 0x49;
    const u16 = (buffer: Buffer, at = 0) => (little ? buffer.readUInt16LE(at) : buffer.readUInt16BE(at));
    const u32 = (buffer: Buffer, at = 0) => (little ? buffer.readUInt32LE(at) : buffer.readUInt32BE(at));
    const { size } = await file.stat();
    const seen = new Set<number>();
    let offset = u32(header, 4);
    let pages = 0;
    const scratch = Buffer.alloc(4);
    while (offset !== 0) {
      if (seen.has(offset) || offset + 2 > size || pages >= MAX_TIFF_PAGES) return pages > 0 ? pages : null;
      seen.add(offset);
      if ((await file.read(scratch, 0, 2, offset)).bytesRead < 2) break;
      const entries = u16(scratch);
      pages += 1;
      const next = offset + 2 + entries * 12;
      if ((await file.read(scratch, 0, 4, next)).bytesRead < 4) break;
      offset = u32(scratch);
    }
    return pages > 0 ? pages : null;
  } finally {
    await file.close();
  }
}
