import { createReadStream } from 'node:fs';
import { FileHandle, open } from 'node:fs/promises';
import { createInflate } from 'node:zlib';
import { DocumentContentType, MAX_DOCUMENT_BYTES } from '../domain/document-vocabulary';

const READ_CHUNK = 1024 * 1024;
/** A page object of a PDF's page tree: `/Type /Page`, not `/Pages` (a node of the tree). */
const PDF_PAGE = /\/Type\s*\/Page(?![A-Za-z0-9])/g;
/** A compressed object stream (PDF 1.5): the objects inside it, page objects among them, are not visible as text. */
const PDF_OBJECT_STREAM = /\/Type\s*\/ObjStm(?![A-Za-z0-9])/g;
/** Longer than any `/Type /Page` written with spaces or comments between the tokens that matter here. */
const PDF_OVERLAP = 64;
/** How far before and after its `/Type /ObjStm` an object stream's dictionary and `stream` keyword are looked for. */
const DICTIONARY_BEFORE = 2048;
const DICTIONARY_AFTER = 4096;
/** Inflated bytes of a PDF's object streams read at most (a zip bomb's guard); past it the count is unknown. */
const MAX_INFLATED_BYTES = 4 * MAX_DOCUMENT_BYTES;
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
 * The matches of a pattern in text that arrives in chunks, each match once: a match that ends a chunk waits for the
 * next one (it may yet be `/Pages`), and the last `PDF_OVERLAP` characters are read again with the next chunk.
 */
class ChunkedMatches {
  private carry = '';
  private position = 0;
  private countedUpTo = -1;

  constructor(private readonly pattern: RegExp) {}

  /** The offsets (in the whole text) of the matches this chunk completes. */
  feed(chunk: string, last: boolean): number[] {
    const window = this.carry + chunk;
    const windowStart = this.position - this.carry.length;
    const found: number[] = [];
    for (const match of window.matchAll(this.pattern)) {
      const index = match.index ?? 0;
      const end = windowStart + index + match[0].length;
      if (end <= this.countedUpTo || (!last && index + match[0].length >= window.length)) continue;
      found.push(windowStart + index);
      this.countedUpTo = end;
    }
    this.position += chunk.length;
    this.carry = window.slice(-PDF_OVERLAP);
    return found;
  }
}

/**
 * The page objects a PDF has (`/Type /Page`): those written as text, and those inside compressed object streams
 * (PDF 1.5 `/ObjStm` with `/FlateDecode`, the way most PDF writers save today), which are inflated with zlib one at a
 * time, streaming. `null` when there are none, or when an object stream cannot be read (another filter, a predictor,
 * corrupt data, more than `MAX_INFLATED_BYTES` in all): a count that could be short is not given.
 */
async function pdfPageCount(path: string): Promise<number | null> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(READ_CHUNK);
    const pages = new ChunkedMatches(PDF_PAGE);
    const objectStreams = new ChunkedMatches(PDF_OBJECT_STREAM);
    const streamOffsets: number[] = [];
    let count = 0;
    for (let position = 0; ; ) {
      const { bytesRead } = await file.read(buffer, 0, READ_CHUNK, position);
      const last = bytesRead === 0;
      const text = buffer.toString('latin1', 0, bytesRead);
      count += pages.feed(text, last).length;
      streamOffsets.push(...objectStreams.feed(text, last));
      if (last) break;
      position += bytesRead;
    }
    let inflatedBudget = MAX_INFLATED_BYTES;
    for (const offset of streamOffsets) {
      const data = await objectStreamData(file, offset);
      if (data === null) return null;
      if (data === 'plain') continue; // an uncompressed object stream: its page objects were counted as text
      const inflated = await inflatedPageCount(path, data, inflatedBudget);
      if (inflated === null) return null;
      count += inflated.pages;
      inflatedBudget -= inflated.bytes;
    }
    return count > 0 ? count : null;
  } finally {
    await file.close();
  }
}

interface StreamData {
  start: number;
  /** The direct `/Length`, when the dictionary gives one (an indirect one is read up to the end of the zlib data). */
  length?: number;
}

/** Where the data of the object stream whose `/Type /ObjStm` is at `offset` starts, read from its dictionary. */
async function objectStreamData(file: FileHandle, offset: number): Promise<StreamData | 'plain' | null> {
  const from = Math.max(0, offset - DICTIONARY_BEFORE);
  const region = Buffer.alloc(offset - from + DICTIONARY_AFTER);
  const { bytesRead } = await file.read(region, 0, region.length, from);
  const text = region.toString('latin1', 0, bytesRead);
  const at = offset - from;
  // The object's header (`12 0 obj`) is the nearest `obj` before it: the previous object's `endobj` comes earlier.
  const objectStart = text.lastIndexOf('obj', at);
  const keyword = /\bstream(\r\n|\n)/.exec(text.slice(at));
  if (objectStart < 0 || !keyword) return null;
  const dictionary = text.slice(objectStart, at + keyword.index);
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dictionary)?.[1].replace(/[[\]\s]/g, '');
  if (filter === undefined) return 'plain';
  if (filter !== '/FlateDecode' || /\/DecodeParms/.test(dictionary)) return null;
  const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary)?.[1];
  return { start: from + at + keyword.index + keyword[0].length, ...(length === undefined ? {} : { length: Number(length) }) };
}

/** The page objects in one inflated object stream, and how many bytes it inflated to; `null` if it cannot be read. */
async function inflatedPageCount(path: string, data: StreamData, budget: number): Promise<{ pages: number; bytes: number } | null> {
  const source = createReadStream(path, { start: data.start, ...(data.length === undefined ? {} : { end: data.start + data.length - 1 }) });
  const inflate = createInflate();
  source.on('error', (error) => inflate.destroy(error));
  source.pipe(inflate);
  const pages = new ChunkedMatches(PDF_PAGE);
  let count = 0;
  let bytes = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > budget) return null;
      count += pages.feed(chunk.toString('latin1'), false).length;
    }
    return { pages: count + pages.feed('', true).length, bytes };
  } catch {
    return null;
  } finally {
    source.destroy();
    inflate.destroy();
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
