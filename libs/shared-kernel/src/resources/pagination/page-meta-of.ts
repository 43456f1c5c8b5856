import { CursorPosition, encodeCursor } from './cursor';
import { ListQuery } from './list-query';
import { PageMeta } from './page-meta';

/** A page mode page's meta (contract §4): its number and size, the total of the list and whether pages follow. */
export function pageModeMeta(query: Pick<ListQuery, 'page' | 'perPage'>, total: number): PageMeta {
  const totalPages = Math.ceil(total / query.perPage);
  return { page: query.page, per_page: query.perPage, total_count: total, total_pages: totalPages, has_more: query.page < totalPages, next_cursor: null };
}

/** A cursor mode page's meta: no totals; the next cursor is the last row's position when more follow. */
export function cursorModeMeta(query: ListQuery, hasMore: boolean, last: CursorPosition | undefined): PageMeta {
  return { page: query.page, per_page: query.perPage, has_more: hasMore, next_cursor: hasMore && last ? encodeCursor(query, last) : null };
}
