import { BadRequestError, ErrorDetail } from '../../platform/errors/domain-error';
import { encodeCursor } from './cursor';
import { DEFAULT_PER_PAGE, ListQueryRules, MAX_PER_PAGE, parseListQuery } from './list-query';

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
    parseListQuery(raw, rules);
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
    const query = parseListQuery({}, rules);
    expect(query).toEqual({ page: 1, perPage: 25, sortBy: 'created_at', sortOrder: 'desc', cursor: undefined, filters: [] });
    expect(DEFAULT_PER_PAGE).toBe(25);
    expect(MAX_PER_PAGE).toBe(100);
  });

  it('ignores unknown parameters', () => {
    const query = parseListQuery({ foo: 'bar', page_size: '9999', unknown: ['x', 'y'] }, rules);
    expect(query.page).toBe(1);
    expect(query.perPage).toBe(25);
    expect(query.filters).toEqual([]);
  });
});

describe('parseListQuery page and per_page', () => {
  it('accepts the bounds', () => {
    expect(parseListQuery({ page: '1', per_page: '1' }, rules)).toMatchObject({ page: 1, perPage: 1 });
    expect(parseListQuery({ page: '500', per_page: '100' }, rules)).toMatchObject({ page: 500, perPage: 100 });
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

  it('rejects a page beyond the safe integer range', () => {
    expect(fieldsOf({ page: '99999999999999999999' })).toEqual(['page']);
  });
});

describe('parseListQuery sorting', () => {
  it('accepts an allowed sort_by and sort_order', () => {
    expect(parseListQuery({ sort_by: 'updated_at', sort_order: 'asc' }, rules)).toMatchObject({ sortBy: 'updated_at', sortOrder: 'asc' });
  });

  it('rejects a sort_by that is not allowed', () => {
    const problems = problemsOf({ sort_by: 'ssn' });
    expect(problems).toEqual([{ field: 'sort_by', message: expect.stringContaining('created_at, updated_at, name') }]);
  });

  it('rejects a sort_order other than asc/desc', () => {
    expect(fieldsOf({ sort_order: 'DESC' })).toEqual(['sort_order']);
    expect(fieldsOf({ sort_order: 'random' })).toEqual(['sort_order']);
  });
});

describe('parseListQuery filters', () => {
  it('parses an enum filter, keeping the declared property', () => {
    const query = parseListQuery({ account_type: 'savings' }, rules);
    expect(query.filters).toEqual([{ name: 'account_type', kind: 'enum', property: 'accountType', values: ['savings'] }]);
  });

  it('treats a plain array spec as an enum filter', () => {
    const query = parseListQuery({ status: 'open' }, rules);
    expect(query.filters).toEqual([{ name: 'status', kind: 'enum', property: undefined, values: ['open'] }]);
  });

  it('accepts a repeated enum filter as any-of', () => {
    const query = parseListQuery({ status: ['open', 'frozen'] }, rules);
    expect(query.filters).toEqual([expect.objectContaining({ name: 'status', values: ['open', 'frozen'] })]);
  });

  it('rejects an unknown enum value, also when repeated with valid ones', () => {
    expect(problemsOf({ status: 'deleted' })).toEqual([{ field: 'status', message: 'status must be one of: open, frozen, closed' }]);
    expect(fieldsOf({ status: ['open', 'deleted'] })).toEqual(['status']);
  });

  it('validates array_contains values against their set', () => {
    expect(parseListQuery({ types: 'a' }, rules).filters).toEqual([{ name: 'types', kind: 'array_contains', property: undefined, values: ['a'] }]);
    expect(fieldsOf({ types: 'c' })).toEqual(['types']);
  });

  it('accepts boolean filters true and false only', () => {
    expect(parseListQuery({ possible_dispute: 'true' }, rules).filters).toEqual([
      { name: 'possible_dispute', kind: 'boolean', property: 'possibleDispute', values: ['true'] },
    ]);
    expect(parseListQuery({ possible_dispute: 'false' }, rules).filters[0].values).toEqual(['false']);
    expect(fieldsOf({ possible_dispute: 'yes' })).toEqual(['possible_dispute']);
    expect(fieldsOf({ possible_dispute: '1' })).toEqual(['possible_dispute']);
  });

  it('accepts contains_text of 1 to 200 characters', () => {
    expect(parseListQuery({ institution_name: 'Chase' }, rules).filters).toEqual([
      { name: 'institution_name', kind: 'contains_text', property: 'institutionName', values: ['Chase'] },
    ]);
    expect(parseListQuery({ institution_name: 'x'.repeat(200) }, rules).filters).toHaveLength(1);
    expect(fieldsOf({ institution_name: 'x'.repeat(201) })).toEqual(['institution_name']);
    expect(fieldsOf({ institution_name: '' })).toEqual(['institution_name']);
  });
});

describe('parseListQuery cursor mode', () => {
  it('treats an empty cursor as "from the beginning" (null, not undefined)', () => {
    const query = parseListQuery({ cursor: '' }, rules);
    expect(query.cursor).toBeNull();
  });

  it('decodes a cursor made for the same sort', () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    const cursor = encodeCursor('updated_at', 'asc', { value: at, id: 'row-9' });
    const query = parseListQuery({ cursor, sort_by: 'updated_at', sort_order: 'asc' }, rules);
    expect(query.cursor).toEqual({ value: at, id: 'row-9' });
  });

  it('rejects a cursor made for another sort with a cursor detail', () => {
    const cursor = encodeCursor('created_at', 'desc', { value: new Date(), id: 'row-9' });
    expect(fieldsOf({ cursor, sort_by: 'updated_at' })).toEqual(['cursor']);
    expect(fieldsOf({ cursor, sort_order: 'asc' })).toEqual(['cursor']);
  });

  it('rejects a cursor that does not decode', () => {
    expect(fieldsOf({ cursor: 'garbage' })).toEqual(['cursor']);
  });

  it('ignores page in cursor mode, and reports a bad cursor together with other problems', () => {
    expect(parseListQuery({ cursor: '', page: '0' }, rules).cursor).toBeNull();
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
