import { parseListQuery } from './list-query';
import { pageOfItems } from './page-of-items';

interface Point {
  date: string;
  id: string;
}

const RULES = { filters: {}, sorts: ['date'] };
const points: Point[] = ['2026-01-05', '2026-01-04', '2026-01-04', '2026-01-02', '2026-01-01'].map((date, index) => ({ date, id: `p${index}` }));
const positionOf = (point: Point) => ({ value: point.date, id: point.id });

function walk(items: Point[], order: 'asc' | 'desc', perPage: number): string[] {
  const seen: string[] = [];
  let cursor = '';
  for (let guard = 0; guard < 10; guard++) {
    const query = parseListQuery({ sort_by: 'date', sort_order: order, per_page: String(perPage), cursor }, RULES, ['points']);
    const page = pageOfItems(items, query, positionOf);
    expect(page.meta.total_count).toBeUndefined();
    seen.push(...page.rows.map((point) => point.id));
    if (!page.meta.has_more) {
      expect(page.meta.next_cursor).toBeNull();
      return seen;
    }
    cursor = page.meta.next_cursor as string;
  }
  throw new Error('the walk did not end');
}

describe('pageOfItems', () => {
  it('page mode: the slice of the page and the totals', () => {
    const query = parseListQuery({ sort_by: 'date', per_page: '2', page: '3' }, RULES, ['points']);
    expect(pageOfItems(points, query, positionOf)).toEqual({
      rows: [points[4]],
      meta: { page: 3, per_page: 2, total_count: 5, total_pages: 3, has_more: false, next_cursor: null },
    });
  });

  it('cursor mode walks every item once, ties on the value broken by id, in both orders', () => {
    const ascending = [...points].sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
    const descending = [...ascending].reverse();
    expect(walk(descending, 'desc', 2)).toEqual(['p0', 'p2', 'p1', 'p3', 'p4']);
    expect(walk(ascending, 'asc', 2)).toEqual(['p4', 'p3', 'p1', 'p2', 'p0']);
    expect(walk(descending, 'desc', 1)).toEqual(['p0', 'p2', 'p1', 'p3', 'p4']);
  });

  it('a cursor past the end gives an empty last page', () => {
    const first = pageOfItems(points, parseListQuery({ sort_by: 'date', per_page: '4', cursor: '' }, RULES, ['points']), positionOf);
    const rest = pageOfItems(points.slice(0, 4), parseListQuery({ sort_by: 'date', per_page: '4', cursor: first.meta.next_cursor as string }, RULES, ['points']), positionOf);
    expect(rest).toEqual({ rows: [], meta: { page: 1, per_page: 4, has_more: false, next_cursor: null } });
  });
});
