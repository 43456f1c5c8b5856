import { BadRequestError } from '../../platform/errors/domain-error';

/** Where the previous page ended: the sort value and id of its last row, bound to the sort it was made for. */
export interface CursorPosition {
  value: string | number | Date | null;
  id: string;
}

interface EncodedCursor {
  s: string;
  o: 'asc' | 'desc';
  v: string | number | null;
  d?: 1;
  i: string;
}

export function encodeCursor(sortBy: string, sortOrder: 'asc' | 'desc', position: CursorPosition): string {
  const isDate = position.value instanceof Date;
  const payload: EncodedCursor = {
    s: sortBy,
    o: sortOrder,
    v: isDate ? (position.value as Date).toISOString() : (position.value as string | number | null),
    i: position.id,
    ...(isDate ? { d: 1 as const } : {}),
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

const INVALID = 'cursor is not valid: pass the next_cursor of a previous page, or an empty cursor to start';

export function decodeCursor(cursor: string, sortBy: string, sortOrder: 'asc' | 'desc'): CursorPosition {
  let payload: EncodedCursor;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as EncodedCursor;
  } catch {
    throw new BadRequestError('Invalid cursor.', [{ field: 'cursor', message: INVALID }]);
  }
  const wellFormed =
    payload !== null &&
    typeof payload === 'object' &&
    typeof payload.i === 'string' &&
    typeof payload.s === 'string' &&
    (payload.o === 'asc' || payload.o === 'desc') &&
    (payload.v === null || typeof payload.v === 'string' || typeof payload.v === 'number');
  if (!wellFormed) throw new BadRequestError('Invalid cursor.', [{ field: 'cursor', message: INVALID }]);
  if (payload.s !== sortBy || payload.o !== sortOrder) {
    throw new BadRequestError('Cursor does not match the sort.', [
      { field: 'cursor', message: `this cursor was made for sort_by=${payload.s}&sort_order=${payload.o}; keep the same sort while paging` },
    ]);
  }
  let value: CursorPosition['value'] = payload.v;
  if (payload.d === 1) {
    const date = new Date(String(payload.v));
    if (Number.isNaN(date.getTime())) throw new BadRequestError('Invalid cursor.', [{ field: 'cursor', message: INVALID }]);
    value = date;
  }
  return { value, id: payload.i };
}
