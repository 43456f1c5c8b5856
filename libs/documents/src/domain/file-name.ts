import { DEFAULT_FILE_NAME, MAX_FILE_NAME_LENGTH } from './document-vocabulary';

// C0 and C1 controls, DEL, and the invisible Unicode marks (zero-width characters, line and paragraph separators,
// bidirectional overrides), which can make a name display as another one.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g;

/**
 * A part's filename as a document's `file_name`: the last segment of any path (either slash; `C:\…` too), without
 * control characters and surrounding spaces, at most 255 characters (cut on a code point), `document` when nothing is
 * left (`..`, an empty name, none at all).
 */
export function cleanFileName(raw: string | undefined | null): string {
  const lastSegment = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = lastSegment.replace(CONTROL, '').trim();
  if (cleaned === '' || cleaned === '.' || cleaned === '..') return DEFAULT_FILE_NAME;
  return Array.from(cleaned).slice(0, MAX_FILE_NAME_LENGTH).join('').trim() || DEFAULT_FILE_NAME;
}

/** Whether a name sent in a PATCH is one `cleanFileName` would keep as it is. */
export function isCleanFileName(name: string): boolean {
  return cleanFileName(name) === name;
}

const NOTARIZED_SUFFIX = '-notarized.pdf';

/** The notarized PDF's name: the original's without its `.pdf`, then `-notarized.pdf` (`will.pdf` → `will-notarized.pdf`). */
export function notarizedFileName(original: string): string {
  const base = original.replace(/\.pdf$/i, '');
  return cleanFileName(`${Array.from(base).slice(0, MAX_FILE_NAME_LENGTH - NOTARIZED_SUFFIX.length).join('').trim()}${NOTARIZED_SUFFIX}`);
}
