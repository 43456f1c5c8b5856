import { numberedToPositional } from './transaction-sql';

describe('numberedToPositional', () => {
  it('binds every use of a numbered parameter, in the order of appearance', () => {
    const { sql, bindings } = numberedToPositional('select $2, $1, $2::int where a = $10', ['a', 'b', 3, 4, 5, 6, 7, 8, 9, 'ten']);
    expect(sql).toBe('select ?, ?, ?::int where a = ?');
    expect(bindings).toEqual(['b', 'a', 'b', 'ten']);
  });

  it('escapes a literal question mark so knex does not take it for a binding', () => {
    expect(numberedToPositional(`select data ? 'k' from t where id = $1`, [7])).toEqual({ sql: `select data \\? 'k' from t where id = ?`, bindings: [7] });
  });

  it('binds null for a value left undefined', () => {
    expect(numberedToPositional('select $1, $2', [undefined]).bindings).toEqual([null, null]);
  });
});
