import { maskSensitive, SENSITIVE_FIELDS } from './mask';

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

  it('masks values of four characters or fewer entirely', () => {
    expect(maskSensitive('1234')).toBe('****');
    expect(maskSensitive('12')).toBe('**');
    expect(maskSensitive('')).toBe('');
  });

  it('maps null and undefined to null', () => {
    expect(maskSensitive(null)).toBeNull();
    expect(maskSensitive(undefined)).toBeNull();
  });

  it('lists the specification sensitive fields', () => {
    expect([...SENSITIVE_FIELDS].sort()).toEqual(['account_number', 'policy_number', 'ssn', 'vin']);
  });
});
