import { CursorPosition } from './cursor';
import { ListQuery } from './list-query';
import { ListPage } from './list-runner';
import { cursorModeMeta, pageModeMeta } from './page-meta-of';

const comparable = (value: CursorPosition['value']) => (value instanceof Date ? value.getTime() : value);

/**
 * A page of a list computed in memory (running balances, a reference file, a transfer's trail), already in the list's
 * order and without NULL sort values: the same page and cursor modes, meta and cursors as a list read by statement.
 */
export function pageOfItems<T>(items: readonly T[], query: ListQuery, positionOf: (item: T) => CursorPosition): ListPage<T> {
  if (query.cursor === undefined) {
    const start = (query.page - 1) * query.perPage;
    return { rows: items.slice(start, start + query.perPage), meta: pageModeMeta(query, items.length) };
  }
  const after = query.cursor;
  const beyond = (item: T) => {
    if (after === null) return true;
    const { value, id } = positionOf(item);
    const [mine, theirs] = [comparable(value), comparable(after.value)];
    if (mine === theirs) return query.sortOrder === 'asc' ? id > after.id : id < after.id;
    return query.sortOrder === 'asc' ? (mine as never) > (theirs as never) : (mine as never) < (theirs as never);
  };
  const start = items.findIndex(beyond);
  const rows = start < 0 ? [] : items.slice(start, start + query.perPage);
  const hasMore = start >= 0 && start + query.perPage < items.length;
  const last = rows.at(-1);
  return { rows, meta: cursorModeMeta(query, hasMore, last === undefined ? undefined : positionOf(last)) };
}
