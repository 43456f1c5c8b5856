import type { JsonObject } from '@estate/shared-kernel';

const MONEY_PARTS = new Set(['opening_balance', 'closing_balance', 'total_credits', 'total_debits', 'total_fees']);
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * A statement upload's text parts as the JSON fields they stand for (contract §11.2: "the fields as text parts"):
 * an amount written as a decimal (`1104.08`, `-5`) is that number, anything else stays text and is refused as not a
 * number by the body's validation; an empty part is unset (`null`), as an empty form field is.
 */
export function statementFieldsOf(parts: Record<string, string>): JsonObject {
  const fields: JsonObject = {};
  for (const [name, text] of Object.entries(parts)) {
    if (text === '') fields[name] = null;
    else fields[name] = MONEY_PARTS.has(name) && DECIMAL.test(text) ? Number(text) : text;
  }
  return fields;
}
