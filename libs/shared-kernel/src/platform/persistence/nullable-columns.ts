import { MoneyType } from './column-types';

/*
 * The column shapes every context's schemas use for optional fields (unset reads `null`): one definition here rather
 * than a copy in each schema file. Column names come from MikroORM's naming strategy (`accountNumber` →
 * `account_number`); a schema states `fieldName` only where a column is named otherwise.
 */

/** An optional string column (names and codes are at most 200 characters, contract §3.1). */
export function nullableText(length = 200) {
  return { type: 'string', length, nullable: true } as const;
}

/** An optional money column: numeric(14,2) in the database, a JSON number in the API. */
export function moneyColumn() {
  return { type: MoneyType, nullable: true } as const;
}
