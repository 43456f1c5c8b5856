import {
  ACCOUNTING_CATEGORIES,
  CATEGORY_RULES,
  DISBURSEMENT_CATEGORIES,
  RECEIPT_CATEGORIES,
  classificationViolations,
  defaultAccountingCategory,
  defaultRelatedType,
  signAllowed,
} from './transaction-classification';

describe('§16.2 the category table', () => {
  it('has a rule for every category: receipts ≥ 0, disbursements and distribution ≤ 0, asset_proceeds ≥ 0, transfer either sign', () => {
    expect(RECEIPT_CATEGORIES.join(' ')).toBe('interest dividends rent refund other_receipt');
    expect(DISBURSEMENT_CATEGORIES.join(' ')).toBe(
      'funeral administration fiduciary_fees attorney_fees court_costs taxes creditor_claims property_expenses sale_expenses other_disbursement',
    );
    expect(Object.keys(CATEGORY_RULES).sort()).toEqual([...ACCOUNTING_CATEGORIES].sort());
    expect(CATEGORY_RULES.distribution).toEqual({ sign: 'non_positive', goesTo: 'distributions' });
    expect(CATEGORY_RULES.asset_proceeds).toEqual({ sign: 'non_negative', goesTo: 'proceeds' });
    expect(CATEGORY_RULES.transfer).toEqual({ sign: 'any', goesTo: 'changes_in_form' });
  });

  it.each([
    ['interest', 0, true],
    ['interest', -0.01, false],
    ['funeral', 0, true],
    ['funeral', '0.01', false],
    ['distribution', -5, true],
    ['distribution', 5, false],
    ['asset_proceeds', -1, false],
    ['transfer', -1, true],
    ['transfer', 1, true],
  ] as const)('%s with amount %s: sign allowed %s', (category, amount, allowed) => {
    expect(signAllowed(category, amount)).toBe(allowed);
  });
});

describe('§16.2 the default category', () => {
  it('a transfer settlement or return writes transfer; a distribution payment distribution', () => {
    expect(defaultAccountingCategory({ amount: -10, writtenBy: 'transfer', type: null, category: null })).toBe('transfer');
    expect(defaultAccountingCategory({ amount: 10, writtenBy: 'transfer', type: null, category: null })).toBe('transfer');
    expect(defaultAccountingCategory({ amount: -10, writtenBy: 'distribution', type: 'distribution', category: null })).toBe('distribution');
    expect(defaultRelatedType({ amount: -10, writtenBy: 'distribution', type: null, category: null })).toBe('distribution');
  });

  it('otherwise by sign: other_receipt when amount ≥ 0, else other_disbursement', () => {
    expect(defaultAccountingCategory({ amount: 0, writtenBy: null, type: null, category: null })).toBe('other_receipt');
    expect(defaultAccountingCategory({ amount: '12.50', writtenBy: null, type: 'deposit', category: 'income' })).toBe('other_receipt');
    expect(defaultAccountingCategory({ amount: -0.01, writtenBy: null, type: 'debit', category: 'transfer' })).toBe('other_disbursement');
    expect(defaultRelatedType({ amount: -0.01, writtenBy: null, type: 'debit', category: null })).toBeNull();
  });

  it.each(['ach_debit', 'ach_credit', 'ach_return'])('existing rows §8 wrote (category transfer, type %s) classify as transfer', (type) => {
    expect(defaultAccountingCategory({ amount: -100, writtenBy: null, type, category: 'transfer' })).toBe('transfer');
    expect(defaultAccountingCategory({ amount: 100, writtenBy: null, type, category: 'transfer' })).toBe('transfer');
    expect(defaultRelatedType({ amount: 100, writtenBy: null, type, category: 'transfer' })).toBe('transfer');
  });
});

describe('§16.2 classification violations', () => {
  const valid = { amount: 10, accountingCategory: 'interest', relatedType: null, relatedId: null };

  it('accepts a classification that follows the table', () => {
    expect(classificationViolations(valid)).toEqual([]);
    expect(classificationViolations({ amount: 450000, accountingCategory: 'asset_proceeds', relatedType: 'real_estate_property', relatedId: 'p1' })).toEqual([]);
    expect(classificationViolations({ amount: -3200, accountingCategory: 'creditor_claims', relatedType: 'claim', relatedId: 'c1' })).toEqual([]);
    expect(classificationViolations({ amount: -3200, accountingCategory: 'creditor_claims', relatedType: 'debt', relatedId: 'd1' })).toEqual([]);
    expect(classificationViolations({ amount: -3200, accountingCategory: 'creditor_claims', relatedType: null, relatedId: null })).toEqual([]);
  });

  it('a sign against the table is refused on accounting_category', () => {
    expect(classificationViolations({ ...valid, amount: -1 })).toEqual([{ field: 'accounting_category', message: 'interest needs an amount ≥ 0', reason: 'rule' }]);
    expect(classificationViolations({ ...valid, accountingCategory: 'distribution', amount: 1 })).toEqual([
      { field: 'accounting_category', message: 'distribution needs an amount ≤ 0', reason: 'rule' },
    ]);
  });

  it('an unknown category is an enum violation', () => {
    expect(classificationViolations({ ...valid, accountingCategory: 'lottery' })).toEqual([expect.objectContaining({ field: 'accounting_category', reason: 'enum' })]);
  });

  it('related_type and related_id: both or neither', () => {
    expect(classificationViolations({ amount: -1, accountingCategory: 'creditor_claims', relatedType: 'claim', relatedId: null })).toEqual([
      expect.objectContaining({ field: 'related_id', reason: 'rule' }),
    ]);
    expect(classificationViolations({ amount: -1, accountingCategory: 'creditor_claims', relatedType: null, relatedId: 'c1' })).toEqual([
      expect.objectContaining({ field: 'related_type', reason: 'rule' }),
    ]);
  });

  it('asset_proceeds must name an asset that can be disposed of; creditor_claims a claim or debt; no other category takes one', () => {
    expect(classificationViolations({ amount: 1, accountingCategory: 'asset_proceeds', relatedType: null, relatedId: null })).toEqual([
      expect.objectContaining({ field: 'related_type', reason: 'required' }),
    ]);
    expect(classificationViolations({ amount: 1, accountingCategory: 'asset_proceeds', relatedType: 'claim', relatedId: 'c1' })).toEqual([
      expect.objectContaining({ field: 'related_type', reason: 'rule' }),
    ]);
    expect(classificationViolations({ amount: -1, accountingCategory: 'creditor_claims', relatedType: 'vehicle', relatedId: 'v1' })).toEqual([
      { field: 'related_type', message: 'creditor_claims may name a claim, a debt', reason: 'rule' },
    ]);
    expect(classificationViolations({ amount: 1, accountingCategory: 'interest', relatedType: 'vehicle', relatedId: 'v1' })).toEqual([
      { field: 'related_type', message: 'interest takes no related record', reason: 'rule' },
    ]);
    // transfer and distribution are the service's own: a client may not name a transfer or a distribution.
    expect(classificationViolations({ amount: -1, accountingCategory: 'distribution', relatedType: 'distribution', relatedId: 'x' })).toHaveLength(1);
    expect(classificationViolations({ amount: -1, accountingCategory: 'transfer', relatedType: 'transfer', relatedId: 'x' })).toHaveLength(1);
  });

  it('on a transaction the service wrote, all three are fixed', () => {
    const stored = { accountingCategory: 'transfer', relatedType: 'transfer', relatedId: 'trf-1' };
    expect(classificationViolations({ amount: -5, ...stored }, stored)).toEqual([]);
    expect(classificationViolations({ amount: -5, ...stored, accountingCategory: 'funeral', relatedId: 'trf-2' }, stored)).toEqual([
      { field: 'accounting_category', message: 'accounting_category is fixed on a transaction the service wrote', reason: 'rule' },
      { field: 'related_id', message: 'related_id is fixed on a transaction the service wrote', reason: 'rule' },
    ]);
  });
});
