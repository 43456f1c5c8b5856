import { createHash } from 'node:crypto';
import type { TestApp, TestCaller } from './test-app';

/** A small valid PDF of `pages` pages (uncompressed page tree), optionally padded to exactly `size` bytes. */
export function pdfBytes(pages = 2, size?: number): Buffer {
  const kids = Array.from({ length: pages }, (_, index) => `${index + 3} 0 R`).join(' ');
  const objects = [
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    `2 0 obj\n<< /Type /Pages /Kids [${kids}] /Count ${pages} >>\nendobj\n`,
    ...Array.from({ length: pages }, (_, index) => `${index + 3} 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n`),
  ];
  const body = Buffer.from(`%PDF-1.4\n${objects.join('')}trailer\n<< /Root 1 0 R >>\n%%EOF\n`, 'latin1');
  if (size === undefined) return body;
  // Padding as a PDF comment before the header's end: the page count still sees the same objects.
  return Buffer.concat([body, Buffer.alloc(size - body.length, 0x25)]);
}

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really the rest of a png')]);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jpeg body')]);

/** A little-endian TIFF with `pages` image file directories of one entry each. */
export function tiffBytes(pages: number): Buffer {
  const header = Buffer.from([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]);
  const ifds = Array.from({ length: pages }, (_, index) => {
    const ifd = Buffer.alloc(2 + 12 + 4);
    ifd.writeUInt16LE(1, 0);
    ifd.writeUInt16LE(256, 2); // ImageWidth
    ifd.writeUInt16LE(3, 4);
    ifd.writeUInt32LE(1, 6);
    ifd.writeUInt32LE(1, 10);
    ifd.writeUInt32LE(index === pages - 1 ? 0 : 8 + (index + 1) * 18, 14);
    return ifd;
  });
  return Buffer.concat([header, ...ifds]);
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export interface UploadOptions {
  bytes?: Buffer;
  contentType?: string;
  filename?: string;
  fields?: Record<string, string>;
  key?: string;
}

/** A multipart upload through the API (supertest writes a new boundary every time). */
export function upload(t: TestApp, caller: TestCaller, caseId: string, options: UploadOptions = {}) {
  const request = t.http().post(`/v1/cases/${caseId}/documents`).set(caller.auth);
  if (options.key) request.set('Idempotency-Key', options.key);
  for (const [name, value] of Object.entries(options.fields ?? { type: 'death_certificate' })) request.field(name, value);
  return request.attach('file', options.bytes ?? pdfBytes(), { filename: options.filename ?? 'certificate.pdf', contentType: options.contentType ?? 'application/pdf' });
}
