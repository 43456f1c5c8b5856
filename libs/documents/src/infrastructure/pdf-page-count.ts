import type { FileHandle } from 'node:fs/promises';
import { createInflate } from 'node:zlib';
import { MAX_DOCUMENT_BYTES } from '../domain/document-vocabulary';

const READ_CHUNK = 1024 * 1024;
/** A page object of a PDF's page tree: `/Type /Page`, not `/Pages` (a node of the tree). */
const PDF_PAGE = /\/Type\s*\/(Page)(?![A-Za-z0-9])/g;
/**
 * The same, or a compressed object stream (PDF 1.5, `/Type /ObjStm`): the objects inside one, page objects among them,
 * are not visible as text. One pattern, so the file's text is searched once.
 */
const PDF_PAGE_OR_OBJECT_STREAM = /\/Type\s*\/(Page|ObjStm)(?![A-Za-z0-9])/g;
/** Longer than any `/Type /Page` written with spaces or comments between the tokens that matter here. */
const PDF_OVERLAP = 64;
/** How far before and after its `/Type /ObjStm` an object stream's dictionary and `stream` keyword are looked for. */
const DICTIONARY_BEFORE = 2048;
const DICTIONARY_AFTER = 4096;

/**
 * The bounds of a count (contract §11.1, amended 2026-12-01: linear in the file's size, under a second for any
 * accepted file, else `null`). Past any of them the count is unknown (`null`), never short:
 * - object streams read: each costs a dictionary read and an inflater, so a file of nothing but `/Type /ObjStm`
 *   markers stops at the first bound instead of costing one read per marker (a 25 MiB file of them took 51 s);
 * - inflated bytes in all (a zip bomb's guard);
 * - page objects: more than any document a case holds, and a bound on the matches a crafted file makes us collect.
 */
export const PDF_COUNT_BOUNDS = { objectStreams: 1_000, inflatedBytes: MAX_DOCUMENT_BYTES, pages: 100_000 } as const;

/**
 * The matches of a pattern in text that arrives in chunks, each match once: a match that ends a chunk waits for the
 * next one (it may yet be `/Pages`), and the last `PDF_OVERLAP` characters are read again with the next chunk. Each
 * match is given by its offset in the whole text and the type it names (the pattern's group).
 */
class ChunkedMatches {
  private carry = '';
  private position = 0;
  private countedUpTo = -1;

  constructor(private readonly pattern: RegExp) {}

  /** The matches this chunk completes. */
  feed(chunk: string, last: boolean): Array<{ offset: number; type: string }> {
    const window = this.carry + chunk;
    const windowStart = this.position - this.carry.length;
    const found: Array<{ offset: number; type: string }> = [];
    for (const match of window.matchAll(this.pattern)) {
      const index = match.index ?? 0;
      const end = windowStart + index + match[0].length;
      if (end <= this.countedUpTo || (!last && index + match[0].length >= window.length)) continue;
      found.push({ offset: windowStart + index, type: match[1] });
      this.countedUpTo = end;
    }
    this.position += chunk.length;
    this.carry = window.slice(-PDF_OVERLAP);
    return found;
  }
}

interface StreamData {
  start: number;
  /** The direct `/Length`, when the dictionary gives one (an indirect one is read up to the end of the zlib data). */
  length?: number;
}

/**
 * The page objects a PDF has (`/Type /Page`): those written as text, and those inside compressed object streams
 * (PDF 1.5 `/ObjStm` with `/FlateDecode`, the way most PDF writers save today), inflated with zlib one at a time,
 * streaming. `null` when there are none, when an object stream cannot be read (another filter, a predictor, corrupt
 * data), or past a bound of `PDF_COUNT_BOUNDS`: a count that could be short is not given.
 *
 * The cost is linear in the file's size: one sequential read of the file, then each object stream's dictionary (a
 * bounded number of them) and its data, which ends at the next object stream at the latest, so no byte of stream data
 * is read twice.
 */
export async function pdfPageCount(file: FileHandle): Promise<number | null> {
  const buffer = Buffer.alloc(READ_CHUNK);
  const matches = new ChunkedMatches(PDF_PAGE_OR_OBJECT_STREAM);
  const streamOffsets: number[] = [];
  let count = 0;
  let size = 0;
  for (;;) {
    const { bytesRead } = await file.read(buffer, 0, READ_CHUNK, size);
    const last = bytesRead === 0;
    for (const { offset, type } of matches.feed(buffer.toString('latin1', 0, bytesRead), last)) {
      if (type === 'Page') count++;
      else streamOffsets.push(offset);
    }
    if (count > PDF_COUNT_BOUNDS.pages || streamOffsets.length > PDF_COUNT_BOUNDS.objectStreams) return null;
    if (last) break;
    size += bytesRead;
  }
  let inflatedBudget: number = PDF_COUNT_BOUNDS.inflatedBytes;
  let readUpTo = 0;
  for (let index = 0; index < streamOffsets.length; index++) {
    const data = await objectStreamData(file, streamOffsets[index]);
    if (data === null) return null;
    if (data === 'plain') continue; // an uncompressed object stream: its page objects were counted as text
    if (data.start < readUpTo) continue; // a second `/Type /ObjStm` of a stream already read
    // The data ends before the next object stream's dictionary, whatever its `/Length` says.
    let next = index + 1;
    while (next < streamOffsets.length && streamOffsets[next] < data.start) next++;
    const end = Math.min(streamOffsets[next] ?? size, data.length === undefined ? size : data.start + data.length);
    const inflated = await inflatedPageCount(file, buffer, data.start, end, inflatedBudget);
    if (inflated === null) return null;
    count += inflated.pages;
    inflatedBudget -= inflated.bytes;
    readUpTo = data.start + inflated.consumed;
    if (count > PDF_COUNT_BOUNDS.pages) return null;
  }
  return count > 0 ? count : null;
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

/**
 * The page objects in one object stream's data (`start` up to `end` at most), how many bytes it inflated to and how
 * many of its bytes zlib consumed; `null` if it cannot be read or inflates past `budget`.
 */
async function inflatedPageCount(file: FileHandle, buffer: Buffer, start: number, end: number, budget: number): Promise<{ pages: number; bytes: number; consumed: number } | null> {
  const inflate = createInflate({ chunkSize: 64 * 1024 });
  const pages = new ChunkedMatches(PDF_PAGE);
  let count = 0;
  let bytes = 0;
  // Set by the inflater's events, so read through its declared type, not narrowed.
  let outcome = 'reading' as 'reading' | 'ended' | 'failed';
  const settled = new Promise<void>((done) => {
    inflate.on('end', () => {
      if (outcome === 'reading') outcome = 'ended';
      done();
    });
    inflate.on('error', () => {
      outcome = 'failed';
      done();
    });
    inflate.on('close', () => done());
  });
  inflate.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > budget) {
      outcome = 'failed';
      inflate.destroy();
      return;
    }
    count += pages.feed(chunk.toString('latin1'), false).length;
  });
  try {
    for (let position = start; position < end && outcome === 'reading'; ) {
      const { bytesRead } = await file.read(buffer, 0, Math.min(READ_CHUNK, end - position), position);
      if (bytesRead === 0) break;
      // zlib is done with the chunk when the write's callback runs, so the buffer can be read into again.
      await Promise.race([new Promise((written) => inflate.write(buffer.subarray(0, bytesRead), written)), settled]);
      position += bytesRead;
      // zlib took less than it was given: its stream ended inside this chunk (the rest is not this stream's data).
      if (inflate.bytesWritten < position - start) {
        await settled;
        break;
      }
    }
    if (outcome === 'reading') inflate.end(); // the data ended without the end of its zlib stream: `error`, unless it was complete
    await settled;
    if (outcome !== 'ended') return null;
    return { pages: count + pages.feed('', true).length, bytes, consumed: inflate.bytesWritten };
  } finally {
    inflate.destroy();
  }
}
