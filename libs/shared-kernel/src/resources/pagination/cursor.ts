import { hash } from 'node:crypto';
import { BadRequestError } from '../../platform/errors/domain-error';

/** Where the previous page ended: the sort value and id of its last row. */
export interface CursorPosition {
  value: string | number | Date | null;
  id: string;
}

/**
 * What a cursor is bound to: the sort, and the list it pages — its route, case or parent record and filters, as the
 * digest `listDigest` makes of them. A `ListQuery` is one.
 */
export interface CursorBinding {
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  list: string;
}

interface EncodedCursor {
  s: string;
  o: 'asc' | 'desc';
  /** The list's digest: a cursor carries it so that no other list accepts it. */
  l: string;
  v: string | number | null;
  d?: 1;
  i: string;
}

/**
 * The digest of a list: which list it is (`identity`: the route's own words and its scope, e.g. the resource's path
 * and `{caseId, bankAccountId}`) and the filters it was asked with, each name's values as a set. Not a secret: a
 * client may page any list it may read; the digest only makes a cursor fail loudly where it would page the wrong one.
 */
export function listDigest(identity: readonly unknown[], filters: Readonly<Record<string, readonly string[]>>): string {
  const canonicalFilters = Object.keys(filters)
    .filter((name) => filters[name].length > 0)
    .sort()
    .map((name) => [name, [...new Set(filters[name])].sort()]);
  return hash('sha256', JSON.stringify([identity, canonicalFilters]), 'base64url').slice(0, 16);
}

export function encodeCursor(binding: CursorBinding, position: CursorPosition): string {
  const isDate = position.value instanceof Date;
  const payload: EncodedCursor = {
    s: binding.sortBy,
    o: binding.sortOrder,
    l: binding.list,
    v: isDate ? (position.value as Date).toISOString() : (position.value as string | number | null),
    i: position.id,
    ...(isDate ? { d: 1 as const } : {}),
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

const INVALID = 'cursor is not valid: pass the next_cursor of a previous page, or an empty cursor to start';
const OTHER_LIST =
  "this cursor was made for another list (another route, case, parent record or filters); pass this list's own next_cursor, or an empty cursor to start";

function invalid(): BadRequestError {
  return new BadRequestError('Invalid cursor.', [{ field: 'cursor', message: INVALID, reason: 'format' }]);
}

export function decodeCursor(cursor: string, binding: CursorBinding): CursorPosition {
  let payload: EncodedCursor;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as EncodedCursor;
  } catch {
    throw invalid();
  }
  const wellFormed =
    payload !== null &&
    typeof payload === 'object' &&
    typeof payload.i === 'string' &&
    typeof payload.s === 'string' &&
    typeof payload.l === 'string' &&
    (payload.o === 'asc' || payload.o === 'desc') &&
    (payload.v === null || typeof payload.v === 'string' || typeof payload.v === 'number');
  if (!wellFormed) throw invalid();
  if (payload.l !== binding.list) throw new BadRequestError('Cursor does not belong to this list.', [{ field: 'cursor', message: OTHER_LIST, reason: 'conflict' }]);
  if (payload.s !== binding.sortBy || payload.o !== binding.sortOrder) {
    throw new BadRequestError('Cursor does not match the sort.', [
      { field: 'cursor', message: `this cursor was made for sort_by=${payload.s}&sort_order=${payload.o}; keep the same sort while paging`, reason: 'conflict' },
    ]);
  }
  let value: CursorPosition['value'] = payload.v;
  if (payload.d === 1) {
    const date = new Date(String(payload.v));
    if (Number.isNaN(date.getTime())) throw invalid();
    value = date;
  }
  return { value, id: payload.i };
}
