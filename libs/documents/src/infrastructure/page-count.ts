import { open } from 'node:fs/promises';
import type { DocumentContentType } from '../domain/document-vocabulary';
import { pdfPageCount } from './pdf-page-count';
import { tiffPageCount } from './tiff-page-count';

/**
 * Pages of a received file: PDF and TIFF have them, images of other types have none (`null`). Read from the file on
 * disk in chunks, never whole, so a 25 MiB upload costs a megabyte of memory here; and at a bounded cost, linear in the
 * file's size (contract §11.1, amended 2026-12-01), past which the count is `null`.
 */
export async function pageCountOf(path: string, contentType: DocumentContentType): Promise<number | null> {
  if (contentType !== 'application/pdf' && contentType !== 'image/tiff') return null;
  const file = await open(path, 'r');
  try {
    return await (contentType === 'application/pdf' ? pdfPageCount(file) : tiffPageCount(file));
  } finally {
    await file.close();
  }
}
