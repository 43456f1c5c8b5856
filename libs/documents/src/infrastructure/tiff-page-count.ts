import type { FileHandle } from 'node:fs/promises';

/** A TIFF bigger than this many pages is taken as a loop in its IFD chain. */
const MAX_TIFF_PAGES = 100_000;
/** The file is read in blocks of this size, the last few kept: an IFD chain mostly moves forward. */
const BLOCK = 64 * 1024;
const KEPT_BLOCKS = 16;

/**
 * Reads a TIFF's bytes a block at a time, keeping the last blocks read, and at most `budget` bytes in all: a chain of
 * IFDs that jumps back and forth across the file costs no more than the budget (a read per IFD would cost 100,000
 * reads for a crafted chain).
 */
class BlockReader {
  private readonly blocks = new Map<number, Buffer>();
  private spent = 0;
  /** A read was refused for the budget (not for the end of the file). */
  exhausted = false;

  constructor(
    private readonly file: FileHandle,
    private readonly size: number,
    private readonly budget: number,
  ) {}

  /** `length` bytes at `offset`; undefined past the end of the file or of the budget. */
  async bytes(offset: number, length: number): Promise<Buffer | undefined> {
    if (offset < 0 || offset + length > this.size) return undefined;
    const first = Math.floor(offset / BLOCK);
    const last = Math.floor((offset + length - 1) / BLOCK);
    const parts: Buffer[] = [];
    for (let index = first; index <= last; index++) {
      const block = await this.block(index);
      if (!block) return undefined;
      parts.push(block);
    }
    const joined = parts.length === 1 ? parts[0] : Buffer.concat(parts);
    return joined.subarray(offset - first * BLOCK, offset - first * BLOCK + length);
  }

  private async block(index: number): Promise<Buffer | undefined> {
    const kept = this.blocks.get(index);
    if (kept) {
      this.blocks.delete(index);
      this.blocks.set(index, kept); // most recently used last
      return kept;
    }
    const length = Math.min(BLOCK, this.size - index * BLOCK);
    if (this.spent + length > this.budget) {
      this.exhausted = true;
      return undefined;
    }
    this.spent += length;
    const block = Buffer.alloc(length);
    await this.file.read(block, 0, length, index * BLOCK);
    this.blocks.set(index, block);
    if (this.blocks.size > KEPT_BLOCKS) this.blocks.delete(this.blocks.keys().next().value as number);
    return block;
  }
}

/**
 * The number of image file directories in a TIFF's chain (one per page); `null` for a chain that cannot be read, or
 * one whose reading would cost more than twice the file's size in reads (contract §11.1: a bounded cost, else `null`).
 */
export async function tiffPageCount(file: FileHandle): Promise<number | null> {
  const { size } = await file.stat();
  const reader = new BlockReader(file, size, 2 * size + KEPT_BLOCKS * BLOCK);
  const header = await reader.bytes(0, 8);
  if (!header) return null;
  const little = header[0] === 0x49;
  const u16 = (bytes: Buffer) => (little ? bytes.readUInt16LE(0) : bytes.readUInt16BE(0));
  const u32 = (bytes: Buffer) => (little ? bytes.readUInt32LE(0) : bytes.readUInt32BE(0));
  const seen = new Set<number>();
  let offset = u32(header.subarray(4));
  let pages = 0;
  // A chain cut short by the end of the file counts the pages it has; one cut short by the budget is unknown.
  const counted = () => (reader.exhausted || pages === 0 ? null : pages);
  while (offset !== 0) {
    if (seen.has(offset) || offset + 2 > size || pages >= MAX_TIFF_PAGES) return counted();
    seen.add(offset);
    const entries = await reader.bytes(offset, 2);
    if (!entries) return counted();
    pages += 1;
    const next = await reader.bytes(offset + 2 + u16(entries) * 12, 4);
    if (!next) return counted();
    offset = u32(next);
  }
  return counted();
}
