import type { ErrorDetail } from '../errors/domain-error';

/**
 * The employer identification number (contract-extensions §10.6, and §12.6 for a business's): `NN-NNNNNNN`, with a
 * prefix the IRS issues. One rule for every EIN field, whichever context holds it; it is encrypted at rest and masked
 * like the other sensitive numbers (`EncryptedStringType`, a declaration's `masked`).
 */
export const EIN_PATTERN = /^\d{2}-\d{7}$/;

/** The EIN prefixes the IRS never issues. */
export const UNISSUED_EIN_PREFIXES: ReadonlySet<string> = new Set(['00', '07', '08', '09', '17', '18', '19', '28', '29', '49', '69', '70', '78', '79', '89', '96', '97']);

/** The prefix rule on a document's EIN field (its format is the DTO's `EinField`): a well-formed EIN the IRS never issues. */
export function einPrefixProblems(document: Record<string, unknown>, field = 'ein'): ErrorDetail[] {
  const ein = document[field];
  if (typeof ein !== 'string' || !EIN_PATTERN.test(ein) || !UNISSUED_EIN_PREFIXES.has(ein.slice(0, 2))) return [];
  return [{ field, message: `${field} prefix ${ein.slice(0, 2)} is never issued by the IRS`, reason: 'rule' }];
}
