import { toCamelCase, toSnakeCase } from './naming';

describe('toSnakeCase', () => {
  it.each([
    ['accountNumber', 'account_number'],
    ['dateOfDeath', 'date_of_death'],
    ['institutionContactId', 'institution_contact_id'],
    ['ssn', 'ssn'],
    ['address1', 'address1'],
    ['createdAt', 'created_at'],
  ])('%s → %s', (property, field) => {
    expect(toSnakeCase(property)).toBe(field);
  });
});

describe('toCamelCase', () => {
  it.each([
    ['account_number', 'accountNumber'],
    ['date_of_death', 'dateOfDeath'],
    ['institution_contact_id', 'institutionContactId'],
    ['vin', 'vin'],
    ['address2', 'address2'],
  ])('%s → %s', (field, property) => {
    expect(toCamelCase(field)).toBe(property);
  });

  it('round-trips the specification field names', () => {
    for (const field of ['first_name', 'percentage_share', 'is_beneficiary', 'terms_accepted_at', 'mailing_address']) {
      expect(toSnakeCase(toCamelCase(field))).toBe(field);
    }
  });
});
