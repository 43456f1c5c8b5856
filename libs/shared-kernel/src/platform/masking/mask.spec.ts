import { maskSensitive } from './mask';

describe('maskSensitive', () => {
  it('keeps only the last four characters visible', () => {
    expect(maskSensitive('123-45-6789')).toBe('*******6789');
    expect(maskSensitive('000123456789')).toBe('********6789');
    expect(maskSensitive('12345')).toBe('*2345');
  });

  it('preserves the length', () => {
    for (const value of ['1HGCM82633A004352', 'POL-998877', 'abcdefgh']) {
      const masked = maskSensitive(value)!;
      expect(masked).toHaveLength(value.length);
      expect(masked.slice(-4)).toBe(value.slice(-4));
      expect(masked.slice(0, -4)).toMatch(/^\*+$/);
    }
  });

  it('counts characters as code points: a surrogate pair is never cut in half', () => {
    expect(maskSensitive('12345\u{1D11E}678')).toBe('*****\u{1D11E}678');
    expect(maskSensitive('1234\u{1D11E}5678')).toBe('*****5678');
    expect(maskSensitive('\u{1D11E}\u{1D11E}\u{1D11E}\u{1D11E}\u{1D11E}')).toBe('*\u{1D11E}\u{1D11E}\u{1D11E}\u{1D11E}');
    expect(maskSensitive('\u{1D11E}\u{1D11E}')).toBe('**');
    for (const value of ['abc\u{1F600}defg', '\u{1F600}1234', 'ab\u{1F600}']) expect(maskSensitive(value)).not.toMatch(/[\uD800-\uDFFF]/u);
  });

  it('masks values of four characters or fewer entirely', () => {
    expect(maskSensitive('1234')).toBe('****');
    expect(maskSensitive('12')).toBe('**');
    expect(maskSensitive('')).toBe('');
  });

  it('maps null and undefined to null', () => {
    expect(maskSensitive(null)).toBeNull();
    expect(maskSensitive(undefined)).toBeNull();
  });
});
