import { BadRequestError, ErrorDetail } from '../../platform/errors/domain-error';
import { encodeCursor } from './cursor';
import { DEFAULT_PER_PAGE, ListQueryRules, MAX_PER_PAGE, parseListQuery } from './list-query';

const LIST = ['bank-accounts', { caseId: 'case-1' }];

const rules: ListQueryRules = {
  sorts: ['created_at', 'updated_at', 'name'],
  filters: {
    status: ['open', 'frozen', 'closed'],
    account_type: { kind: 'enum', values: ['checking', 'savings'], property: 'accountType' },
    institution_name: { kind: 'contains_text', property: 'institutionName' },
    possible_dispute: { kind: 'boolean', property: 'possibleDispute' },
    types: { kind: 'array_contains', values: ['a', 'b'] },
  },
};

function problemsOf(raw: Record<string, unknown>): ErrorDetail[] {
  try {
    parseListQuery(raw, rules, LIST);
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).code).toBe('bad_request');
    return (error as BadRequestError).details ?? [];
  }
  throw new Error('expected a 400 bad_request');
}

function fieldsOf(raw: Record<string, unknown>): string[] {
  return problemsOf(raw).map((problem) => problem.field);
}

describe('parseListQuery defaults', () => {
  it('uses page 1, per_page 25, created_at desc, no cursor, no filters', () => {
    const query = parseListQuery({}, rules, LIST);
    expect(query).toEqual({ page: 1, perPage: 25, sortBy: 'created_at', sortOrder: 'desc', cursor: undefined, filters: [], list: expect.any(String) });
    expect(DEFAULT_PER_PAGE).toBe(25);
    expect(MAX_PER_PAGE).toBe(100);
  });

  it('leaves parameters it does not parse to the route (its guard refuses unknown ones; a route may parse its own)', () => {
    const query = parseListQuery({ type: 'case.*' }, rules, LIST);
    expect(query.page).toBe(1);
    expect(query.perPage).toBe(25);
    expect(query.filters).toEqual([]);
  });
});

describe('parseListQuery page and per_page', () => {
  it('accepts the bounds', () => {
    expect(parseListQuery({ page: '1', per_page: '1' }, rules, LIST)).toMatchObject({ page: 1, perPage: 1 });
    expect(parseListQuery({ page: '500', per_page: '100' }, rules, LIST)).toMatchObject({ page: 500, perPage: 100 });
  });

  it.each([
    ['page', '0'],
    ['page', '-1'],
    ['page', '1.5'],
    ['page', 'abc'],
    ['page', ''],
    ['page', '1e2'],
    ['per_page', '0'],
    ['per_page', '101'],
    ['per_page', '-5'],
    ['per_page', '1.5'],
    ['per_page', 'ten'],
  ])('rejects %s=%s naming the parameter', (name, value) => {
    expect(fieldsOf({ [name]: value })).toEqual([name]);
  });

  it('words the bounds a client can read and says whether the type or the range is wrong', () => {
    expect(problemsOf({ page: '0' })).toEqual([{ field: 'page', message: 'page must be an integer of 1 or more', reason: 'range' }]);
    expect(problemsOf({ page: 'two' })).toEqual([{ field: 'page', message: 'page must be an integer of 1 or more', reason: 'type' }]);
    expect(problemsOf({ per_page: '101' })).toEqual([{ field: 'per_page', message: 'per_page must be an integer from 1 to 100', reason: 'range' }]);
    expect(problemsOf({ per_page: '1.5' })).toEqual([{ field: 'per_page', message: 'per_page must be an integer from 1 to 100', reason: 'type' }]);
  });

  it('rejects a page beyond the safe integer range', () => {
    expect(fieldsOf({ page: '99999999999999999999' })).toEqual(['page']);
  });
});

describe('parseListQuery sorting', () => {
  it('accepts an allowed sort_by and sort_order', () => {
    expect(parseListQuery({ sort_by: 'updated_at', sort_order: 'asc' }, rules, LIST)).toMatchObject({ sortBy: 'updated_at', sortOrder: 'asc' });
  });

  it('rejects a sort_by that is not allowed', () => {
    const problems = problemsOf({ sort_by: 'ssn' });
    expect(problems).toEqual([{ field: 'sort_by', message: expect.stringContaining('created_at, updated_at, name'), reason: 'enum' }]);
  });

  it('rejects a sort_order other than asc/desc', () => {
    expect(fieldsOf({ sort_order: 'DESC' })).toEqual(['sort_order']);
    expect(fieldsOf({ sort_order: 'random' })).toEqual(['sort_order']);
  });
});

describe('parseListQuery filters', () => {
  it('parses an enum filter, keeping the declared property', () => {
    const query = parseListQuery({ account_type: 'savings' }, rules, LIST);
    expect(query.filters).toEqual([{ name: 'account_type', kind: 'enum', property: 'accountType', values: ['savings'] }]);
  });

  it('treats a plain array spec as an enum filter', () => {
    const query = parseListQuery({ status: 'open' }, rules, LIST);
    expect(query.filters).toEqual([{ name: 'status', kind: 'enum', property: undefined, values: ['open'] }]);
  });

  it('accepts a repeated enum filter as any-of', () => {
    const query = parseListQuery({ status: ['open', 'frozen'] }, rules, LIST);
    expect(query.filters).toEqual([expect.objectContaining({ name: 'status', values: ['open', 'frozen'] })]);
  });

  it('rejects an unknown enum value, also when repeated with valid ones', () => {
    expect(problemsOf({ status: 'deleted' })).toEqual([{ field: 'status', message: 'status must be one of: open, frozen, closed', reason: 'enum' }]);
    expect(fieldsOf({ status: ['open', 'deleted'] })).toEqual(['status']);
  });

  it('validates array_contains values against their set', () => {
    expect(parseListQuery({ types: 'a' }, rules, LIST).filters).toEqual([{ name: 'types', kind: 'array_contains', property: undefined, values: ['a'] }]);
    expect(fieldsOf({ types: 'c' })).toEqual(['types']);
  });

  it('accepts boolean filters true and false only', () => {
    expect(parseListQuery({ possible_dispute: 'true' }, rules, LIST).filters).toEqual([
      { name: 'possible_dispute', kind: 'boolean', property: 'possibleDispute', values: ['true'] },
    ]);
    expect(parseListQuery({ possible_dispute: 'false' }, rules, LIST).filters[0].values).toEqual(['false']);
    expect(fieldsOf({ possible_dispute: 'yes' })).toEqual(['possible_dispute']);
    expect(fieldsOf({ possible_dispute: '1' })).toEqual(['possible_dispute']);
  });

  it('accepts contains_text of 1 to 200 characters', () => {
    expect(parseListQuery({ institution_name: 'Chase' }, rules, LIST).filters).toEqual([
      { name: 'institution_name', kind: 'contains_text', property: 'institutionName', values: ['Chase'] },
    ]);
    expect(parseListQuery({ institution_name: 'x'.repeat(200) }, rules, LIST).filters).toHaveLength(1);
    expect(fieldsOf({ institution_name: 'x'.repeat(201) })).toEqual(['institution_name']);
    expect(fieldsOf({ institution_name: '' })).toEqual(['institution_name']);
  });

  it('passes an own filter by, whatever its values, for its route to parse; it still binds the cursors', () => {
    const withOwn: ListQueryRules = { ...rules, filters: { ...rules.filters, type: { kind: 'own' } } };
    for (const type of ['case.*', '', 'x'.repeat(201)]) expect(parseListQuery({ type }, withOwn, LIST).filters).toEqual([]);
    expect(parseListQuery({ type: 'case.*' }, withOwn, LIST).list).not.toBe(parseListQuery({ type: 'person.*' }, withOwn, LIST).list);
  });
});

describe('parseListQuery cursor mode', () => {
  it('treats an empty cursor as "from the beginning" (null, not undefined)', () => {
    const query = parseListQuery({ cursor: '' }, rules, LIST);
    expect(query.cursor).toBeNull();
  });

  it('decodes a cursor made for the same sort', () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    const first = parseListQuery({ cursor: '', sort_by: 'updated_at', sort_order: 'asc', status: 'open' }, rules, LIST);
    const cursor = encodeCursor(first, { value: at, id: 'row-9' });
    const query = parseListQuery({ cursor, sort_by: 'updated_at', sort_order: 'asc', status: 'open', per_page: '5' }, rules, LIST);
    expect(query.cursor).toEqual({ value: at, id: 'row-9' });
  });

  it('rejects a cursor made for another list, or the same list with other filters', () => {
    const cursor = encodeCursor(parseListQuery({ cursor: '', status: 'open' }, rules, LIST), { value: new Date(), id: 'row-9' });
    expect(parseListQuery({ cursor, status: 'open' }, rules, LIST).cursor).toMatchObject({ id: 'row-9' });
    expect(fieldsOf({ cursor })).toEqual(['cursor']);
    expect(fieldsOf({ cursor, status: 'closed' })).toEqual(['cursor']);
    expect(fieldsOf({ cursor, status: 'open', account_type: 'checking' })).toEqual(['cursor']);
    expect(() => parseListQuery({ cursor, status: 'open' }, rules, ['bank-accounts', { caseId: 'case-2' }])).toThrow(BadRequestError);
    expect(() => parseListQuery({ cursor, status: 'open' }, rules, ['persons', { caseId: 'case-1' }])).toThrow(BadRequestError);
  });

  it('rejects a cursor made for another sort with a cursor detail', () => {
    const cursor = encodeCursor(parseListQuery({ cursor: '' }, rules, LIST), { value: new Date(), id: 'row-9' });
    expect(fieldsOf({ cursor, sort_by: 'updated_at' })).toEqual(['cursor']);
    expect(fieldsOf({ cursor, sort_order: 'asc' })).toEqual(['cursor']);
  });

  it('rejects a cursor that does not decode', () => {
    expect(fieldsOf({ cursor: 'garbage' })).toEqual(['cursor']);
  });

  it('ignores page in cursor mode, and reports a bad cursor together with other problems', () => {
    expect(parseListQuery({ cursor: '', page: '0' }, rules, LIST).cursor).toBeNull();
    expect(fieldsOf({ cursor: 'garbage', page: '0', per_page: '101' }).sort()).toEqual(['cursor', 'per_page']);
  });
});

describe('parseListQuery reporting', () => {
  it('reports every invalid parameter together', () => {
    const fields = fieldsOf({
      page: '0',
      per_page: '101',
      sort_by: 'nope',
      sort_order: 'up',
      status: 'deleted',
      possible_dispute: 'maybe',
      institution_name: '',
    });
    expect(fields.sort()).toEqual(['institution_name', 'page', 'per_page', 'possible_dispute', 'sort_by', 'sort_order', 'status']);
  });
});
