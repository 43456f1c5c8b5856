import { DocumentContentType } from './document-vocabulary';

/** The first bytes each allowed content type starts with (contract §11.1). */
const SIGNATURES: Readonly<Record<DocumentContentType, ReadonlyArray<readonly number[]>>> = {
  'application/pdf': [[0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  'image/jpeg': [[0xff, 0xd8, 0xff]],
  'image/png': [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  'image/tiff': [
    [0x49, 0x49, 0x2a, 0x00],
    [0x4d, 0x4d, 0x00, 0x2a],
  ],
};

/** How many leading bytes a signature check needs. */
export const SIGNATURE_BYTES = 8;

/** Whether the file's first bytes are those of its declared type. */
export function startsLike(contentType: DocumentContentType, head: Uint8Array): boolean {
  return SIGNATURES[contentType].some((signature) => signature.length <= head.length && signature.every((byte, index) => head[index] === byte));
}
