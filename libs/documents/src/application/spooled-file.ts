import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const SPOOL = join(tmpdir(), 'estate-desk-received');

/** Bytes received from elsewhere (a provider's file), on local disk with their size and SHA-256. */
export interface SpooledFile {
  path: string;
  sizeBytes: number;
  sha256: string;
}

/**
 * Streams `source` into a file of its own (mode 0600 under a 0700 directory), hashing on the way, so a file from a
 * provider is never held whole in memory; the caller removes it with `removeSpooled` once it is stored.
 */
export async function spool(source: Readable): Promise<SpooledFile> {
  await mkdir(SPOOL, { recursive: true, mode: 0o700 });
  const path = join(SPOOL, randomBytes(16).toString('hex'));
  const hash = createHash('sha256');
  let sizeBytes = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      sizeBytes += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, measure, createWriteStream(path, { mode: 0o600 }));
  } catch (error) {
    await removeSpooled(path);
    throw error;
  }
  return { path, sizeBytes, sha256: hash.digest('hex') };
}

export async function removeSpooled(path: string): Promise<void> {
  await rm(path, { force: true });
}
