import { randomBytes } from 'node:crypto';
import { FieldCipher } from '../masking/field-cipher';
import { CalendarDateType, EncryptedStringType, MoneyType } from './column-types';

describe('MoneyType', () => {
  const type = new MoneyType();

  it('writes numbers with exactly two decimals', () => {
    expect(type.convertToDatabaseValue(12.5)).toBe('12.50');
    expect(type.convertToDatabaseValue(0)).toBe('0.00');
    expect(type.convertToDatabaseValue(-3)).toBe('-3.00');
    expect(type.convertToDatabaseValue(1234567.89)).toBe('1234567.89');
    expect(type.convertToDatabaseValue(999_999_999_999.99)).toBe('999999999999.99');
  });

  it('reads numeric strings back as numbers', () => {
    expect(type.convertToJSValue('12.50')).toBe(12.5);
    expect(type.convertToJSValue('0.00')).toBe(0);
    expect(type.convertToJSValue('-999999999999.99')).toBe(-999_999_999_999.99);
    expect(type.convertToJSValue(7)).toBe(7);
  });

  it('keeps null as null', () => {
    expect(type.convertToDatabaseValue(null)).toBeNull();
    expect(type.convertToDatabaseValue(undefined)).toBeNull();
    expect(type.convertToJSValue(null)).toBeNull();
  });

  it('is a numeric(14,2) column compared as a number', () => {
    expect(type.getColumnType()).toBe('numeric(14,2)');
    expect(type.compareAsType()).toBe('number');
  });
});

describe('EncryptedStringType', () => {
  const type = new EncryptedStringType();

  beforeEach(() => {
    FieldCipher.configure(randomBytes(32));
  });

  it('stores ciphertext, not the plaintext', () => {
    const stored = type.convertToDatabaseValue('123-45-6789')!;
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain('6789');
    expect(type.convertToJSValue(stored)).toBe('123-45-6789');
  });

  it('stores different ciphertexts for the same value', () => {
    expect(type.convertToDatabaseValue('same')).not.toBe(type.convertToDatabaseValue('same'));
  });

  it('keeps null as null', () => {
    expect(type.convertToDatabaseValue(null)).toBeNull();
    expect(type.convertToDatabaseValue(undefined)).toBeNull();
    expect(type.convertToJSValue(null)).toBeNull();
  });

  it('is a text column', () => {
    expect(type.getColumnType()).toBe('text');
  });

  it('compares what two ciphertexts encrypt, not the ciphertexts', () => {
    expect(type.compareValues(type.convertToDatabaseValue('same'), type.convertToDatabaseValue('same'))).toBe(true);
    expect(type.compareValues(type.convertToDatabaseValue('same'), type.convertToDatabaseValue('other'))).toBe(false);
    expect(type.compareValues(null, null)).toBe(true);
    expect(type.compareValues(null, type.convertToDatabaseValue('x'))).toBe(false);
  });
});

describe('CalendarDateType', () => {
  const type = new CalendarDateType();

  it('reads a string date unchanged', () => {
    expect(type.convertToJSValue('2024-02-29')).toBe('2024-02-29');
  });

  it('cuts a longer string to the date', () => {
    expect(type.convertToJSValue('2024-02-29T00:00:00.000Z')).toBe('2024-02-29');
  });

  it('reads a Date (UTC midnight) as its calendar date', () => {
    expect(type.convertToJSValue(new Date('2024-02-29T00:00:00.000Z'))).toBe('2024-02-29');
    expect(type.convertToJSValue(new Date('1999-12-31T00:00:00.000Z'))).toBe('1999-12-31');
  });

  it('writes the string as is and keeps null as null', () => {
    expect(type.convertToDatabaseValue('2026-09-01')).toBe('2026-09-01');
    expect(type.convertToDatabaseValue(null)).toBeNull();
    expect(type.convertToDatabaseValue(undefined)).toBeNull();
    expect(type.convertToJSValue(null)).toBeNull();
  });

  it('is a date column', () => {
    expect(type.getColumnType()).toBe('date');
  });
});
