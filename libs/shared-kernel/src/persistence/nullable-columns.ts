import { MoneyType } from './column-types';

/*
 * The column shapes every context's schemas use for optional fields (unset reads `null`): one definition here rather
 * than a copy in each schema file. `fieldName` is given where the column is not the property's own name.
 */

/** An optional string column (names and codes are at most 200 characters, contract §3.1). */
export function nullableText(length = 200) {
  return { type: 'string', length, nullable: true } as const;
}

/** An optional string column with its column name. */
export function textColumn(fieldName: string, length = 200) {
  return { type: 'string', length, nullable: true, fieldName } as const;
}

/** An optional money column: numeric(14,2) in the database, a JSON number in the API. */
export function moneyColumn(): { type: typeof MoneyType; nullable: true };
export function moneyColumn(fieldName: string): { type: typeof MoneyType; nullable: true; fieldName: string };
export function moneyColumn(fieldName?: string) {
  return fieldName === undefined ? ({ type: MoneyType, nullable: true } as const) : ({ type: MoneyType, nullable: true, fieldName } as const);
}
