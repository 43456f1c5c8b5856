import { toCamelCase, toSnakeCase } from './naming';

/** Property (camelCase) and JSON field (snake_case) names, each the other's image. */
const NAMES = [
  ['accountNumber', 'account_number'],
  ['dateOfDeath', 'date_of_death'],
  ['institutionContactId', 'institution_contact_id'],
  ['ssn', 'ssn'],
  ['vin', 'vin'],
  ['address1', 'address1'],
  ['address2', 'address2'],
  ['createdAt', 'created_at'],
  ['termsAcceptedAt', 'terms_accepted_at'],
  ['isBeneficiary', 'is_beneficiary'],
  ['firstName', 'first_name'],
  ['percentageShare', 'percentage_share'],
  ['mailingAddress', 'mailing_address'],
  ['sha256', 'sha256'],
  ['irsForm56FiledDate', 'irs_form_56_filed_date'],
];

describe('toSnakeCase and toCamelCase', () => {
  it.each(NAMES)('%s ↔ %s', (property, field) => {
    expect(toSnakeCase(property)).toBe(field);
    expect(toCamelCase(field)).toBe(property);
  });
});
