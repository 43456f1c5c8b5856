import { closestName, editDistance } from './closest-name';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and a swap of neighbours as one edit each', () => {
    expect(editDistance('status', 'status')).toBe(0);
    expect(editDistance('stauts', 'status')).toBe(1);
    expect(editDistance('per_pag', 'per_page')).toBe(1);
    expect(editDistance('sortby', 'sort_by')).toBe(1);
    expect(editDistance('type', 'page')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });
});

describe('closestName', () => {
  const known = ['page', 'per_page', 'cursor', 'sort_by', 'sort_order', 'status', 'institution_name'];

  it('suggests the known name a typo most likely meant, whatever its case', () => {
    expect(closestName('stauts', known)).toBe('status');
    expect(closestName('Status', known)).toBe('status');
    expect(closestName('perpage', known)).toBe('per_page');
    expect(closestName('institution_nmae', known)).toBe('institution_name');
  });

  it('suggests nothing when no known name is near', () => {
    expect(closestName('foo', known)).toBeUndefined();
    expect(closestName('q', known)).toBeUndefined();
    expect(closestName('limit', known)).toBeUndefined();
    expect(closestName('stat', [])).toBeUndefined();
  });
});
