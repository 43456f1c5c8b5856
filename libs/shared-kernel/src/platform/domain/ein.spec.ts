import { EIN_PATTERN, einPrefixProblems, UNISSUED_EIN_PREFIXES } from './ein';

describe('the EIN rule (contract-extensions §10.6, §12.6)', () => {
  it('reads NN-NNNNNNN', () => {
    expect(EIN_PATTERN.test('91-1234567')).toBe(true);
    for (const bad of ['911234567', '91-123456', '91-12345678', 'AB-1234567', ' 91-1234567']) expect(EIN_PATTERN.test(bad)).toBe(false);
  });

  it('refuses each prefix the IRS never issues, on the field named', () => {
    expect([...UNISSUED_EIN_PREFIXES]).toHaveLength(17);
    for (const prefix of UNISSUED_EIN_PREFIXES) {
      expect(einPrefixProblems({ tax_id: `${prefix}-1234567` }, 'tax_id')).toEqual([{ field: 'tax_id', message: `tax_id prefix ${prefix} is never issued by the IRS`, reason: 'rule' }]);
    }
  });

  it('passes an issued prefix, an absent or null EIN, and a malformed one (the format is the field’s)', () => {
    for (const document of [{ ein: '91-1234567' }, { ein: '10-0000001' }, {}, { ein: null }, { ein: '07-12' }]) expect(einPrefixProblems(document)).toEqual([]);
  });
});
