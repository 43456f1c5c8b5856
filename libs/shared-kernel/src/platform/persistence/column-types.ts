import { Type } from '@mikro-orm/core';
import { FieldCipher } from '../masking/field-cipher';

/** Sensitive numbers (ssn, account_number, policy_number, vin): plaintext in memory, AES-256-GCM ciphertext in the row. */
export class EncryptedStringType extends Type<string | null | undefined, string | null> {
  override convertToDatabaseValue(value: string | null | undefined): string | null {
    return value === null || value === undefined ? null : FieldCipher.encrypt(value);
  }

  override convertToJSValue(value: string | null): string | null {
    return value === null || value === undefined ? null : FieldCipher.decrypt(value);
  }

  /**
   * Two encryptions of one value differ (random IV), so comparing ciphertexts would make every loaded record with an
   * encrypted field dirty at each flush (a new version, a new ETag, for a patch that changed nothing). Compare what
   * they encrypt instead.
   */
  override compareValues(a: string | null, b: string | null): boolean {
    return this.convertToJSValue(a) === this.convertToJSValue(b);
  }

  override getColumnType(): string {
    return 'text';
  }
}

/** Money as numeric(14,2) in the database and a JSON number in the API; never a float column. */
export class MoneyType extends Type<number | null | undefined, string | null> {
  override convertToDatabaseValue(value: number | null | undefined): string | null {
    return value === null || value === undefined ? null : value.toFixed(2);
  }

  override convertToJSValue(value: string | number | null): number | null {
    return value === null || value === undefined ? null : Number(value);
  }

  override compareAsType(): string {
    return 'number';
  }

  override getColumnType(): string {
    return 'numeric(14,2)';
  }
}

/** `date` columns read back as `YYYY-MM-DD` strings, never as JS Dates shifted by the server's time zone. */
export class CalendarDateType extends Type<string | null | undefined, string | null> {
  override convertToDatabaseValue(value: string | null | undefined): string | null {
    return value ?? null;
  }

  override convertToJSValue(value: string | Date | null): string | null {
    if (value === null || value === undefined) return null;
    return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
  }

  override getColumnType(): string {
    return 'date';
  }
}
