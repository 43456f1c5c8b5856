import { buildEstateInventory, estateValueBracket, InventoryInput, inventoryCsvRows, inventoryJson } from './estate-inventory';
import { chosenValuation } from './inventory-lines';

const at = (day: number) => new Date(Date.UTC(2026, 0, day));
const ADDRESS = { address1: '12 Elm Street', address2: null, city: 'Springfield', state: 'IL', zip: '62701' };

function input(overrides: Partial<InventoryInput> = {}): InventoryInput {
  return {
    asOf: null,
    recordedEstateValue: null,
    bankAccounts: [],
    transactionTotalsAsOf: new Map(),
    investmentAccounts: [],
    retirementAccounts: [],
    lifeInsurancePolicies: [],
    valuations: [],
    vehicles: [],
    debts: [],
    realEstateProperties: [],
    financialAccounts: [],
    businesses: [],
    unclaimedProperty: [],
    ...overrides,
  };
}

const valuation = (id: string, day: number, fields: Record<string, unknown> = {}) =>
  ({
    id,
    propertyAddress: ADDRESS,
    propertyType: 'single_family',
    parcelNumber: null,
    estimatedValue: 300000,
    mortgageBalance: null,
    liens: [],
    equityEstimate: null,
    status: 'completed',
    valuationDate: null,
    propertyId: null,
    createdAt: at(day),
    ...fields,
  }) as InventoryInput['valuations'][number];

/** One of each kind, amounts chosen so that a floating-point sum would be off. */
function oneOfEach(overrides: Partial<InventoryInput> = {}): InventoryInput {
  return input({
    recordedEstateValue: '100k_to_500k',
    bankAccounts: [
      { id: 'B1', institutionName: 'First Bank', accountType: 'checking', accountNumber: '000123456789', ownershipType: 'individual', currentBalance: 10000.1, createdAt: at(1) },
      { id: 'B2', institutionName: 'First Bank', accountType: 'savings', accountNumber: '99990002', ownershipType: 'pod_payable_on_death', currentBalance: 5000.2, createdAt: at(2) },
    ] as InventoryInput['bankAccounts'],
    investmentAccounts: [
      {
        id: 'I1',
        accountType: 'brokerage',
        custodianName: 'Fidelity',
        accountNumber: 'Z1234',
        balance: 60000,
        dateOfDeathValue: 58000.3,
        holdings: [],
        beneficiaries: [],
        createdAt: at(3),
      },
    ] as InventoryInput['investmentAccounts'],
    retirementAccounts: [
      { id: 'R1', accountType: '401k', custodianName: 'Vanguard', accountNumber: null, balance: 120000.4, beneficiaries: [{ name: 'Grace', percentage_share: 100 }], createdAt: at(4) },
    ] as InventoryInput['retirementAccounts'],
    lifeInsurancePolicies: [
      { id: 'L1', carrierName: 'MetLife', policyType: 'term', policyNumber: 'LP-00998877', deathBenefit: 250000, claimPaidAmount: null, beneficiaries: [], createdAt: at(5) },
    ] as InventoryInput['lifeInsurancePolicies'],
    valuations: [valuation('V1', 6, { estimatedValue: 350000.1, mortgageBalance: 120000.2, liens: [{ amount: 4200.3 }] })],
    vehicles: [{ id: 'C1', year: 2019, make: 'Toyota', model: 'Camry', vin: '4T1B11HK5KU123456', estimatedValue: 14500.55, lienPayoffAmount: 3200.45, equityEstimate: null, createdAt: at(7) }],
    debts: [
      { id: 'D1', creditorName: 'Chase', debtType: 'CCP', accountNumber: '4111111111111111', balance: 2500.33, createdAt: at(8) },
      { id: 'D2', creditorName: 'Hospital', debtType: 'MED', accountNumber: null, balance: null, createdAt: at(9) },
    ] as InventoryInput['debts'],
    ...overrides,
  });
}

describe('buildEstateInventory', () => {
  it('groups a case with one of each kind and totals it exactly (hand-computed)', () => {
    const inventory = buildEstateInventory(oneOfEach());
    // Probate: checking 10,000.10 + brokerage (date-of-death value) 58,000.30 + policy without beneficiaries
    // 250,000.00 + house 350,000.10 − 120,000.20 − 4,200.30 = 225,799.60 + car 14,500.55 − 3,200.45 = 11,300.10
    // = 555,100.10. Outside probate: POD savings 5,000.20 + 401(k) with a beneficiary 120,000.40 = 125,000.60.
    // Liabilities: 2,500.33 + (no balance) 0 = 2,500.33. Net: 555,100.10 − 2,500.33 = 552,599.77.
    expect(inventory.totals).toEqual({ grossProbateAssets: 55_510_010n, nonProbateAssets: 12_500_060n, liabilities: 250_033n, netEstate: 55_259_977n });
    expect(inventory.probateAssets.map((group) => [group.kind, group.items.map((item) => item.id), group.subtotal])).toEqual([
      ['bank_account', ['B1'], 1_000_010n],
      ['investment_account', ['I1'], 5_800_030n],
      ['life_insurance_policy', ['L1'], 25_000_000n],
      ['real_estate', ['V1'], 22_579_960n],
      ['vehicle', ['C1'], 1_130_010n],
    ]);
    expect(inventory.nonProbateAssets.items.map((item) => [item.id, item.passesBy])).toEqual([
      ['B2', 'payable_on_death'],
      ['R1', 'named_beneficiaries'],
    ]);
    expect(inventory.liabilities.items.map((item) => [item.id, item.value, item.valueSource])).toEqual([
      ['D1', 250_033n, 'balance'],
      ['D2', 0n, 'none'],
    ]);
    const sources = Object.fromEntries([...inventory.probateAssets.flatMap((group) => group.items), ...inventory.nonProbateAssets.items].map((item) => [item.id, item.valueSource]));
    expect(sources).toEqual({
      B1: 'current_balance',
      B2: 'current_balance',
      I1: 'date_of_death_value',
      R1: 'balance',
      L1: 'death_benefit',
      V1: 'equity_estimate_computed',
      C1: 'equity_estimate_computed',
    });
    expect(inventory.probateAssets[0].items[0].reference).toBe('********6789');
    expect(inventory.estateValue).toEqual({ recorded: '100k_to_500k', implied: '500k_to_1m', basis: 'gross_probate_assets', matches: false });
  });

  it('values bank accounts by their transactions up to as_of; only an account without any transaction stands at its current_balance', () => {
    const inventory = buildEstateInventory(oneOfEach({ asOf: '2026-03-31', transactionTotalsAsOf: new Map([['B1', '1234.56']]) }));
    const bank = inventory.probateAssets[0].items[0];
    expect([bank.value, bank.valueSource]).toEqual([123_456n, 'transactions_through_as_of']);
    expect(inventory.nonProbateAssets.items[0]).toMatchObject({ id: 'B2', value: 500_020n, valueSource: 'current_balance' });
    // 555,100.10 − 10,000.10 + 1,234.56
    expect(inventory.totals.grossProbateAssets).toBe(54_633_456n);
    expect(inventory.asOf).toBe('2026-03-31');
    // An account whose transactions all come later is worth 0 then, by its ledger.
    const later = buildEstateInventory(oneOfEach({ asOf: '2026-03-31', transactionTotalsAsOf: new Map([['B1', '0']]) }));
    expect(later.probateAssets[0].items[0]).toMatchObject({ id: 'B1', value: 0n, valueSource: 'transactions_through_as_of' });
  });

  it('without a date (no as_of and no date of death) values every bank account at its current_balance', () => {
    const inventory = buildEstateInventory(oneOfEach({ asOf: null, transactionTotalsAsOf: new Map([['B1', '1234.56']]) }));
    expect(inventory.probateAssets[0].items[0]).toMatchObject({ id: 'B1', value: 1_000_010n, valueSource: 'current_balance' });
  });

  it('classifies what passes outside probate', () => {
    const bank = (id: string, ownershipType: string, accountType = 'checking') =>
      ({ id, institutionName: 'B', accountType, accountNumber: '1', ownershipType, currentBalance: 1, createdAt: at(1) }) as InventoryInput['bankAccounts'][number];
    const inventory = buildEstateInventory(
      input({
        bankAccounts: [
          bank('pod', 'pod_payable_on_death'),
          bank('tod', 'tod_transfer_on_death'),
          bank('jtwros', 'joint_tenants_wros'),
          bank('trust', 'trust'),
          bank('trust-type', 'individual', 'trust_account'),
          bank('tic', 'tenants_in_common'),
          bank('estate', 'estate', 'estate_account'),
        ],
        investmentAccounts: [
          { id: 'tod-brokerage', accountType: 'brokerage', custodianName: 'F', accountNumber: null, balance: 1, dateOfDeathValue: null, holdings: [], beneficiaries: [{ name: 'A' }], createdAt: at(2) },
        ] as InventoryInput['investmentAccounts'],
        lifeInsurancePolicies: [
          { id: 'named', carrierName: 'M', policyType: null, policyNumber: '1', deathBenefit: 1, claimPaidAmount: null, beneficiaries: [{ name: 'A' }], createdAt: at(3) },
        ] as InventoryInput['lifeInsurancePolicies'],
      }),
    );
    expect(Object.fromEntries(inventory.nonProbateAssets.items.map((item) => [item.id, item.passesBy]))).toEqual({
      pod: 'payable_on_death',
      tod: 'transfer_on_death',
      jtwros: 'joint_survivorship',
      trust: 'trust',
      'trust-type': 'trust',
      'tod-brokerage': 'named_beneficiaries',
      named: 'named_beneficiaries',
    });
    expect(inventory.probateAssets.flatMap((group) => group.items.map((item) => item.id))).toEqual(['estate', 'tic']);
  });

  it('falls back through the value sources and counts unvalued items 0', () => {
    const inventory = buildEstateInventory(
      input({
        investmentAccounts: [
          { id: 'bal', accountType: 'etf', custodianName: 'F', accountNumber: null, balance: 10.1, dateOfDeathValue: null, holdings: [{ market_value: 1 }], beneficiaries: [], createdAt: at(1) },
          { id: 'hold', accountType: 'etf', custodianName: 'F', accountNumber: null, balance: null, dateOfDeathValue: null, holdings: [{ market_value: 0.1 }, { market_value: 0.2 }, {}], beneficiaries: [], createdAt: at(2) },
          { id: 'none', accountType: 'etf', custodianName: 'F', accountNumber: null, balance: null, dateOfDeathValue: null, holdings: [{ symbol: 'X' }], beneficiaries: [], createdAt: at(3) },
        ] as InventoryInput['investmentAccounts'],
        lifeInsurancePolicies: [
          { id: 'paid', carrierName: 'M', policyType: null, policyNumber: '1', deathBenefit: 100, claimPaidAmount: 101.5, beneficiaries: [], createdAt: at(4) },
        ] as InventoryInput['lifeInsurancePolicies'],
        vehicles: [{ id: 'given', year: 2000, make: 'A', model: 'B', vin: null, estimatedValue: 100, lienPayoffAmount: 50, equityEstimate: 70, createdAt: at(5) }],
      }),
    );
    const items = inventory.probateAssets.flatMap((group) => group.items);
    expect(items.map((item) => [item.id, item.value, item.valueSource])).toEqual([
      ['bal', 1010n, 'balance'],
      ['hold', 30n, 'holdings_market_value'],
      ['none', 0n, 'none'],
      ['paid', 10150n, 'claim_paid_amount'],
      ['given', 7000n, 'equity_estimate_given'],
    ]);
  });

  it('inventories each property once, at its chosen valuation', () => {
    const valuations = [
      valuation('old-completed', 1, { valuationDate: '2026-01-01', estimatedValue: 100 }),
      valuation('new-completed', 2, { valuationDate: '2026-06-01', estimatedValue: 200 }),
      valuation('newer-pending', 3, { valuationDate: '2026-09-01', estimatedValue: 300, status: 'pending' }),
      valuation('failed', 4, { valuationDate: '2026-10-01', estimatedValue: 400, status: 'failed' }),
      valuation('other-parcel', 5, { parcelNumber: '14-27', estimatedValue: 50, status: 'stale' }),
      valuation('unvalued', 6, { propertyAddress: { ...ADDRESS, address1: '1 Oak Road' }, estimatedValue: null }),
    ];
    expect(chosenValuation(valuations.slice(0, 4))?.id).toBe('new-completed');
    expect(chosenValuation(valuations.slice(2, 4))?.id).toBe('newer-pending');
    const inventory = buildEstateInventory(input({ valuations }));
    expect(inventory.probateAssets[0].items.map((item) => [item.id, item.value, item.valueSource])).toEqual([
      ['new-completed', 20000n, 'equity_estimate_computed'],
      ['other-parcel', 5000n, 'equity_estimate_computed'],
      ['unvalued', 0n, 'none'],
    ]);
  });

  it('implies the estate_value bracket from the gross probate assets', () => {
    expect(estateValueBracket(-1n)).toBe('under_25k');
    expect(estateValueBracket(2_499_999n)).toBe('under_25k');
    expect(estateValueBracket(2_500_000n)).toBe('25k_to_100k');
    expect(estateValueBracket(9_999_999n)).toBe('25k_to_100k');
    expect(estateValueBracket(10_000_000n)).toBe('100k_to_500k');
    expect(estateValueBracket(50_000_000n)).toBe('500k_to_1m');
    expect(estateValueBracket(100_000_000n)).toBe('500k_to_1m');
    expect(estateValueBracket(100_000_001n)).toBe('over_1m');
    expect(buildEstateInventory(input()).estateValue).toEqual({ recorded: null, implied: 'unknown', basis: 'gross_probate_assets', matches: null });
  });

  it('renders JSON numbers and CSV text from the exact cents', () => {
    const inventory = buildEstateInventory(oneOfEach());
    const json = inventoryJson(inventory) as { totals: Record<string, number> };
    expect(json.totals).toEqual({ gross_probate_assets: 555100.1, non_probate_assets: 125000.6, liabilities: 2500.33, net_estate: 552599.77 });
    const rows = inventoryCsvRows(inventory);
    expect(rows).toHaveLength(7 + 2 + 4);
    expect(rows[0]).toEqual(['probate_asset', 'bank_account', 'B1', 'First Bank checking', '********6789', '10000.10', 'current_balance', '']);
    expect(rows.slice(-4)).toEqual([
      ['total', '', '', 'gross_probate_assets', '', '555100.10', '', ''],
      ['total', '', '', 'non_probate_assets', '', '125000.60', '', ''],
      ['total', '', '', 'liabilities', '', '2500.33', '', ''],
      ['total', '', '', 'net_estate', '', '552599.77', '', ''],
    ]);
  });
});

describe('the kinds of contract-extensions §12 in the inventory', () => {
  const property = (id: string, fields: Record<string, unknown> = {}) =>
    ({
      id,
      address: ADDRESS,
      propertyType: 'single_family',
      parcelNumber: 'APN-1',
      ownershipType: 'sole',
      ownershipPercentage: 100,
      estimatedValue: 410_000,
      dateOfDeathValue: null,
      outstandingMortgage: 100_000.01,
      liens: [{ amount: 0.02 }],
      latestValuationEstimatedValue: null,
      createdAt: at(1),
      ...fields,
    }) as InventoryInput['realEstateProperties'][number];

  it('values a property at the deceased’s share of its equity, at death where known, and lists one held jointly apart', () => {
    const inventory = buildEstateInventory(
      input({
        realEstateProperties: [
          property('house', { dateOfDeathValue: 400_000, latestValuationEstimatedValue: 420_000, ownershipPercentage: 50 }),
          property('cabin', { latestValuationEstimatedValue: 90_000, outstandingMortgage: null, liens: [] }),
          property('farm', { ownershipType: 'tod_deed' }),
        ],
        // The house's valuation is an opinion of the house: no parcel line of its own; the other one is a parcel.
        valuations: [valuation('opinion', 2, { propertyId: 'house' }), valuation('parcel', 3)],
      }),
    );
    const json = inventoryJson(inventory) as any;
    expect(json.probate_assets.map((group: any) => [group.kind, group.items.map((item: any) => [item.id, item.value, item.value_source])])).toEqual([
      ['real_estate_property', [['cabin', 90_000, 'latest_valuation'], ['house', 149_999.99, 'date_of_death_value']]],
      ['real_estate', [['parcel', 300_000, 'equity_estimate_computed']]],
    ]);
    expect(json.non_probate_assets.items.map((item: any) => [item.id, item.passes_by, item.value_source])).toEqual([['farm', 'transfer_on_death', 'estimated_value']]);
  });

  it('lists financial accounts by the bank accounts’ ownership rule, businesses at their interest and paid unclaimed property', () => {
    const inventory = buildEstateInventory(
      input({
        financialAccounts: [
          { id: 'annuity', accountKind: 'annuity', institutionName: 'Acme Life', accountNumber: '11112222', ownershipType: null, balance: 5_000, dateOfDeathValue: 4_800.5, createdAt: at(1) },
          { id: 'venmo', accountKind: 'payment_app', institutionName: 'Venmo', accountNumber: null, ownershipType: 'pod_payable_on_death', balance: 120, dateOfDeathValue: null, createdAt: at(2) },
        ] as InventoryInput['financialAccounts'],
        businesses: [{ id: 'shop', businessName: 'Doe Hardware LLC', ownershipPercentage: 50, interestValue: 62_500.25, createdAt: at(1) }] as InventoryInput['businesses'],
        unclaimedProperty: [{ id: 'uncashed', holderName: 'Ohio Power', propertyType: 'utility_deposit', state: 'OH', claimNumber: 'OH-77', claimPaidAmount: 210.1, createdAt: at(1) }],
      }),
    );
    const json = inventoryJson(inventory) as any;
    expect(json.probate_assets.map((group: any) => [group.kind, group.subtotal])).toEqual([
      ['financial_account', 4_800.5],
      ['business', 62_500.25],
      ['unclaimed_property', 210.1],
    ]);
    expect(json.probate_assets[0].items[0]).toMatchObject({ reference: '****2222', value_source: 'date_of_death_value', description: 'Acme Life annuity' });
    expect(json.non_probate_assets.items).toEqual([expect.objectContaining({ id: 'venmo', passes_by: 'payable_on_death', value: 120 })]);
    expect(json.totals.gross_probate_assets).toBe(67_510.85);
  });
});
