import type { DocumentContentType } from '../domain/document-vocabulary';

/** Counts the pages of a received file (PDF, TIFF); `null` for a content without pages. */
export abstract class PageCounter {
  abstract count(path: string, contentType: DocumentContentType): Promise<number | null>;
}
