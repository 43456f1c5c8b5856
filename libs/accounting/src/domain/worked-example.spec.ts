import { centsOf } from '@estate/shared-kernel/domain';
import { accountingCaption, accountingDocument, previousAccountingOf, relettered } from './accounting-document';
import { at, bankAccount, claim, distribution, property, transaction } from './accounting-fixtures.testing';
import type { AccountingInput } from './accounting-input';
import type { AccountingComputation } from './accounting-lines';
import { NOTHING_COUNTED, nextStart } from './accounting-period';
import { type AccountingRecords, noRecords } from './accounting-records';
import { type AccountingReport, accountingReport, compensationBase } from './accounting-report';
import type { AccountingScheme } from './accounting-schemes';
import { letteredTotals } from './accounting-schemes';
import { computeAccounting } from './court-accounting';
import { settlementRefusals } from './settlement';
import { accountingCsvRows } from './accounting-csv';

/** Contract-extensions §16.9, reproduced to the cent. */
const c = (amount: string): bigint => centsOf(amount) as bigint;

function records(variant: 'gross' | 'net' = 'gross', statementClosing = '323706.20'): AccountingRecords {
  const sale =
    variant === 'gross'
      ? [
          transaction('t6', 'estate', '2026-05-15', 450000, 'asset_proceeds', ['real_estate_property', 'house'], { description: 'Escrow ESC-5521 price' }),
          transaction('t7', 'estate', '2026-05-15', -27000, 'sale_expenses', null, { description: 'Escrow ESC-5521 commission and fees' }),
        ]
      : [transaction('t6', 'estate', '2026-05-15', 423000, 'asset_proceeds', ['real_estate_property', 'house'], { description: 'Escrow ESC-5521 net' })];
  return {
    ...noRecords(),
    bankAccounts: [
      bankAccount('checking', { accountNumber: '000111222333', currentBalance: 0 }),
      bankAccount('estate', { accountType: 'estate_account', ownershipType: 'estate', accountNumber: '000999888777', currentBalance: 323706.2, createdAt: at('2026-02-01') }),
    ],
    transactions: [
      transaction('t1', 'checking', '2026-01-10', 12400, 'other_receipt', null, { description: 'balance at death' }),
      transaction('t2', 'checking', '2026-01-31', 6.2, 'interest'),
      transaction('t3', 'checking', '2026-02-20', -12406.2, 'transfer', ['transfer', 'trf-1']),
      transaction('t4', 'estate', '2026-02-20', 12406.2, 'transfer', ['transfer', 'trf-1']),
      transaction('t5', 'estate', '2026-02-25', -8500, 'funeral', null, { merchantName: 'Rose Funeral Home' }),
      ...sale,
      transaction('t8', 'estate', '2026-06-01', -3200, 'creditor_claims', ['claim', 'card-bank']),
      transaction('t9', 'estate', '2026-06-20', -100000, 'distribution', ['distribution', 'sam'], { description: 'Distribution to Sam Doe' }),
    ],
    statements: [{ bankAccountId: 'estate', periodEnd: '2026-06-30', closingBalance: statementClosing }],
    realEstateProperties: [property('house', { dateOfDeathValue: 400000, status: 'sold', salePrice: 450000, saleDate: '2026-05-15' })],
    creditorClaims: [
      claim('card-bank', 3200, { creditorName: 'Card Bank', status: 'paid', resolutionAmount: 3200, resolutionDate: '2026-06-01' }),
      claim('city-hospital', 1150, { creditorName: 'City Hospital', status: 'pending' }),
    ],
    distributions: [
      distribution('sam', { recipientName: 'Sam Doe', personId: 'person-sam', amount: 100000, status: 'paid', paidDate: '2026-06-20', transactionId: 't9' }),
    ],
  };
}

const input = (recordsOf: AccountingRecords, fields: Partial<AccountingInput> = {}): AccountingInput => ({
  from: '2026-01-10',
  to: '2026-06-30',
  today: '2026-07-05',
  dateOfDeath: '2026-01-10',
  previous: null,
  countedBefore: NOTHING_COUNTED,
  records: recordsOf,
  ...fields,
});

const caption = accountingCaption({
  probateCase: { courtName: 'Superior Court of California, County of Los Angeles', countyName: 'Los Angeles', state: 'CA', caseNumber: '26STPB00123' },
  executor: { firstName: 'Jane', middleName: null, lastName: 'Doe', suffix: null, role: 'executor' },
  deceased: { fullName: 'John Doe', dateOfDeath: '2026-01-10' },
});

/** Jane Doe's bond as the executor records it. */
const BOND = { status: 'posted', amount: 250000, suretyName: 'Prairie Surety Co.', bondNumber: 'PS-2026-00417' };

const reportOf = (computation: AccountingComputation, scheme: AccountingScheme = 'ca', recordsOf: AccountingRecords = records()): AccountingReport =>
  accountingReport({ computation, scheme, claims: recordsOf.creditorClaims, distributions: recordsOf.distributions, bond: BOND, earlier: [] });

const totals = (computation: AccountingComputation) => Object.fromEntries(Object.entries(computation.schedules).map(([key, schedule]) => [key, schedule.total]));

describe('§16.9 worked example: accounting 1, 2026-01-10 to 2026-06-30', () => {
  const accounting = computeAccounting(input(records()));

  it('every schedule total', () => {
    expect(totals(accounting)).toEqual({
      property_on_hand_beginning: c('412400.00'),
      additional_property_received: 0n,
      receipts: c('6.20'),
      gains_on_sales: c('50000.00'),
      disbursements: c('38700.00'),
      losses_on_sales: 0n,
      distributions: c('100000.00'),
      property_on_hand_end: c('323706.20'),
      changes_in_form: 0n,
      liabilities: c('1150.00'),
    });
    expect(accounting.summary).toEqual({
      charges: { property_on_hand_beginning: c('412400.00'), additional_property_received: 0n, receipts: c('6.20'), gains_on_sales: c('50000.00'), total: c('462406.20') },
      credits: { disbursements: c('38700.00'), losses_on_sales: 0n, distributions: c('100000.00'), property_on_hand_end: c('323706.20'), total: c('462406.20') },
      balanced: true,
      difference: 0n,
      reconciled: true,
    });
    expect(accounting.unreconciled).toEqual([]);
  });

  it('every schedule line', () => {
    const { schedules } = accounting;
    expect(schedules.property_on_hand_beginning.lines.map((line) => [line.kind, line.id, line.carryValue, line.carrySource])).toEqual([
      ['bank_account', 'checking', c('12400.00'), 'transactions'],
      ['bank_account', 'estate', 0n, 'transactions'],
      ['real_estate_property', 'house', c('400000.00'), 'date_of_death_value'],
    ]);
    expect(schedules.property_on_hand_beginning.lines[0].reference).toBe('********2333');
    expect(schedules.receipts.lines.map((line) => [line.id, line.category, line.amount])).toEqual([['t2', 'interest', c('6.20')]]);
    expect(schedules.receipts.byCategory).toEqual([{ category: 'interest', total: c('6.20') }]);
    expect(schedules.gains_on_sales.lines).toEqual([
      { date: '2026-05-15', kind: 'real_estate_property', id: 'house', description: '12 Elm Street, Pasadena, CA 91101 (single_family)', proceeds: c('450000'), carryValue: c('400000'), amount: c('50000'), priorPeriod: false },
    ]);
    expect(schedules.disbursements.lines.map((line) => [line.id, line.category, line.amount, line.payee])).toEqual([
      ['t5', 'funeral', c('8500'), 'Rose Funeral Home'],
      ['t7', 'sale_expenses', c('27000'), 'Escrow ESC-5521 commission and fees'],
      ['t8', 'creditor_claims', c('3200'), 'creditor_claims t8'],
    ]);
    expect(schedules.disbursements.byCategory).toEqual([
      { category: 'funeral', total: c('8500') },
      { category: 'creditor_claims', total: c('3200') },
      { category: 'sale_expenses', total: c('27000') },
    ]);
    expect(schedules.distributions.lines).toEqual([
      {
        date: '2026-06-20',
        kind: 'cash',
        id: 'sam',
        transactionId: 't9',
        personId: 'person-sam',
        recipientName: 'Sam Doe',
        distributionType: 'residuary',
        description: 'Distribution to Sam Doe',
        amount: c('100000'),
        valueAtDistribution: null,
        priorPeriod: false,
      },
    ]);
    expect(schedules.property_on_hand_end.lines.map((line) => [line.id, line.carryValue])).toEqual([
      ['checking', 0n],
      ['estate', c('323706.20')],
    ]);
    expect(schedules.changes_in_form.lines.map((line) => [line.id, line.amount])).toEqual([
      ['t3', c('-12406.20')],
      ['t4', c('12406.20')],
    ]);
    expect(schedules.liabilities.lines).toEqual([{ kind: 'claim', id: 'city-hospital', description: 'City Hospital (claim pending)', reference: null, amount: c('1150') }]);
  });

  it('the cash reconciliation', () => {
    const [checking, estate] = accounting.cashReconciliation;
    expect(checking).toMatchObject({ accountId: 'checking', opening: c('12400'), receipts: c('6.20'), transfersOut: c('12406.20'), closing: 0n, reportedBalance: null, reportedSource: null, reconciled: true });
    expect(estate).toEqual({
      accountId: 'estate',
      description: 'First Bank estate_account',
      opening: 0n,
      receipts: 0n,
      proceeds: c('450000'),
      transfersIn: c('12406.20'),
      propertyReceived: 0n,
      disbursements: c('38700'),
      distributions: c('100000'),
      transfersOut: 0n,
      closing: c('323706.20'),
      reportedBalance: c('323706.20'),
      reportedSource: 'statement',
      reconciled: true,
    });
  });

  it('the ny letters: A 412,400.00, A-1 50,000.00, A-2 6.20; B 0.00, C 35,500.00, D 3,200.00, E 100,000.00, G 323,706.20', () => {
    const ny = Object.fromEntries(letteredTotals('ny', accounting).map((section) => [section.letter, section.total]));
    expect(ny).toEqual({ A: c('412400'), 'A-1': c('50000'), 'A-2': c('6.20'), B: 0n, C: c('35500'), D: c('3200'), E: c('100000'), F: 0n, G: c('323706.20') });
    const ca = Object.fromEntries(letteredTotals('ca', accounting).map((section) => [section.letter, section.total]));
    expect(ca).toEqual({ A: c('412400'), B: 0n, C: c('6.20'), D: c('50000'), E: 0n, F: c('38700'), G: 0n, H: 0n, I: c('100000'), J: c('323706.20'), K: 0n, L: 0n, M: 0n });
  });

  it('the JSON document (§16.8): numbers identical under both schemes, letters per scheme', () => {
    const identity = { status: 'settled' as const, id: 'acc-1', sequence: 1, isFinal: false, createdAt: new Date('2026-07-05T10:00:00Z'), createdBy: 'user-1' };
    const ca = accountingDocument({ computation: accounting, caption, scheme: 'ca', identity, report: reportOf(accounting) });
    expect(ca).toMatchObject({
      id: 'acc-1',
      sequence: 1,
      status: 'settled',
      from: '2026-01-10',
      to: '2026-06-30',
      is_final: false,
      scheme: 'ca',
      currency: 'USD',
      created_at: '2026-07-05T10:00:00.000Z',
      created_by: 'user-1',
      caption: {
        court_name: 'Superior Court of California, County of Los Angeles',
        county_name: 'Los Angeles',
        state: 'CA',
        case_number: '26STPB00123',
        estate_name: 'Estate of John Doe',
        date_of_death: '2026-01-10',
        fiduciary_name: 'Jane Doe',
        fiduciary_role: 'executor',
      },
      summary: { charges: { total: 462406.2 }, credits: { total: 462406.2 }, balanced: true, difference: 0, reconciled: true },
    });
    expect(ca.schedules.disbursements.schedule).toBe('F');
    expect(ca.schedules.disbursements.by_category.map((item) => item.schedule)).toEqual(['F', 'F', 'F']);
    expect(ca.schedules.property_on_hand_beginning.lines[2]).toEqual({
      kind: 'real_estate_property',
      id: 'house',
      description: '12 Elm Street, Pasadena, CA 91101 (single_family)',
      reference: null,
      carry_value: 400000,
      carry_source: 'date_of_death_value',
    });
    const ny = accountingDocument({ computation: accounting, caption, scheme: 'ny', identity, report: reportOf(accounting, 'ny') });
    expect(ny.summary).toEqual(ca.summary);
    expect(Object.fromEntries(Object.entries(ny.schedules).map(([key, schedule]) => [key, [schedule.schedule, schedule.total]]))).toEqual({
      property_on_hand_beginning: ['A', 412400],
      additional_property_received: ['A', 0],
      receipts: ['A-2', 6.2],
      gains_on_sales: ['A-1', 50000],
      disbursements: ['C', 38700],
      losses_on_sales: ['B', 0],
      distributions: ['E', 100000],
      property_on_hand_end: ['G', 323706.2],
      changes_in_form: ['F', 0],
      liabilities: ['D', 1150],
    });
    expect(ny.schedules.disbursements.by_category).toEqual([
      { category: 'funeral', schedule: 'C', total: 8500 },
      { category: 'creditor_claims', schedule: 'D', total: 3200 },
      { category: 'sale_expenses', schedule: 'C', total: 27000 },
    ]);
    expect(relettered(ca, 'ny')).toEqual(ny);
    expect(JSON.parse(JSON.stringify(ny))).toEqual(ny);
  });

  it('is_final: true is refused: City Hospital’s claim is pending', () => {
    const request = { isFinal: true, claims: records().creditorClaims, distributions: records().distributions };
    expect(settlementRefusals(accounting, request)).toEqual([{ field: 'claim:city-hospital', message: expect.stringContaining('City Hospital'), reason: 'conflict' }]);
    expect(settlementRefusals(accounting, { ...request, isFinal: false })).toEqual([]);
  });

  it('accounting 2 starts 2026-07-01 with a beginning of 323,706.20 and counts nothing twice', () => {
    const stored = accountingDocument({ computation: accounting, caption, scheme: 'ca', identity: { status: 'live', computedAt: new Date() }, report: reportOf(accounting) });
    expect(nextStart('2026-01-10', '2026-06-30')).toBe('2026-07-01');
    const second = computeAccounting(
      input(records(), { from: '2026-07-01', to: '2026-07-05', today: '2026-07-05', previous: previousAccountingOf(stored), countedBefore: accounting.counted }),
    );
    expect(second.schedules.property_on_hand_beginning.total).toBe(c('323706.20'));
    expect(second.schedules.property_on_hand_beginning.lines.map((line) => [line.id, line.carryValue])).toEqual([
      ['checking', 0n],
      ['estate', c('323706.20')],
    ]);
    expect(totals(second)).toMatchObject({ additional_property_received: 0n, receipts: 0n, gains_on_sales: 0n, disbursements: 0n, distributions: 0n, property_on_hand_end: c('323706.20') });
    // The statement ends 2026-06-30; on 2026-07-05 (today) the account is reported at its current balance.
    expect(second.cashReconciliation.map((row) => [row.accountId, row.opening, row.closing, row.reportedSource, row.reconciled])).toEqual([
      ['checking', 0n, 0n, 'current_balance', true],
      ['estate', c('323706.20'), c('323706.20'), 'current_balance', true],
    ]);
    expect(second.summary).toMatchObject({ balanced: true, difference: 0n, reconciled: true });
    expect(second.unreconciled).toEqual([]);
    // The estate accounted for through 2026-07-05 is still 462,406.20: the second account added nothing.
    expect(compensationBase(second.summary, [JSON.parse(JSON.stringify(stored.summary))])).toBe(c('462406.20'));
  });

  it('the report (§16.10): claims, compensation 12,248.12 each on a base of 462,406.20, the bond, not yet closable', () => {
    expect(reportOf(accounting)).toEqual({
      claims: {
        lines: [
          { id: 'card-bank', creditor: 'Card Bank', claim_date: '2026-02-01', amount: 3200, status: 'paid', resolution_amount: 3200, resolution_date: '2026-06-01' },
          { id: 'city-hospital', creditor: 'City Hospital', claim_date: '2026-02-01', amount: 1150, status: 'pending', resolution_amount: null, resolution_date: null },
        ],
        totals: { filed: 4350, allowed: 3200, rejected: 0, paid: 3200 },
      },
      compensation: {
        base: 462406.2,
        personal_representative: { amount: 12248.12, citation: 'Cal. Prob. Code §10800', note: null },
        attorney: { amount: 12248.12, citation: 'Cal. Prob. Code §10810', note: null },
      },
      bond: { status: 'posted', amount: 250000, surety: 'Prairie Surety Co.', bond_number: 'PS-2026-00417' },
      closing: {
        closable: false,
        property_on_hand_end: 323706.2,
        obstacles: [{ kind: 'claim_open', related_id: 'city-hospital', message: "City Hospital's claim is pending" }],
      },
    });
  });

  it('the report under ny: no compensation figure, SCPA §2307 and §2110 named; relettering a stored ca document gives the same', () => {
    const ny = reportOf(accounting, 'ny');
    expect(ny.compensation).toEqual({
      base: 462406.2,
      personal_representative: { amount: null, citation: 'N.Y. SCPA §2307', note: expect.stringContaining('§2307') },
      attorney: { amount: null, citation: 'N.Y. SCPA §2110', note: expect.stringContaining('§2110') },
    });
    const identity = { status: 'settled' as const, id: 'acc-1', sequence: 1, isFinal: false, createdAt: new Date('2026-07-05T10:00:00Z'), createdBy: 'user-1' };
    const stored = accountingDocument({ computation: accounting, caption, scheme: 'ca', identity, report: reportOf(accounting) });
    expect(relettered(stored, 'ny').report).toEqual(ny);
    expect(relettered(relettered(stored, 'ny'), 'ca').report).toEqual(stored.report);
  });

  it('the report in the CSV: after the summary, the rows before it unchanged', () => {
    const identity = { status: 'settled' as const, id: 'acc-1', sequence: 1, isFinal: false, createdAt: new Date('2026-07-05T10:00:00Z'), createdBy: 'user-1' };
    const document = accountingDocument({ computation: accounting, caption, scheme: 'ca', identity, report: reportOf(accounting) });
    const rows = accountingCsvRows(document);
    const firstReport = rows.findIndex((row) => row[0].startsWith('report_'));
    expect(rows.slice(0, firstReport)).toEqual(accountingCsvRows({ ...document, report: null }));
    expect(rows[firstReport - 1]).toEqual(['summary', '', '', '', '', '', '', 'difference', '', '', '0.00', '']);
    expect(rows.slice(firstReport)).toEqual([
      ['report_claims', '', '2026-02-01', 'claim', 'card-bank', 'Card Bank', '', 'paid', '', '', '3200.00', ''],
      ['report_claims', '', '2026-06-01', 'claim_resolution', 'card-bank', 'Card Bank', '', 'paid', '', '', '3200.00', ''],
      ['report_claims', '', '2026-02-01', 'claim', 'city-hospital', 'City Hospital', '', 'pending', '', '', '1150.00', ''],
      ['report_claims', '', '', '', '', '', '', 'filed', '', '', '4350.00', ''],
      ['report_claims', '', '', '', '', '', '', 'allowed', '', '', '3200.00', ''],
      ['report_claims', '', '', '', '', '', '', 'rejected', '', '', '0.00', ''],
      ['report_claims', '', '', '', '', '', '', 'paid', '', '', '3200.00', ''],
      ['report_compensation', '', '', '', '', '', '', 'base', '', '', '462406.20', ''],
      ['report_compensation', '', '', '', '', '', 'Cal. Prob. Code §10800', 'personal_representative', '', '', '12248.12', ''],
      ['report_compensation', '', '', '', '', '', 'Cal. Prob. Code §10810', 'attorney', '', '', '12248.12', ''],
      ['report_bond', '', '', 'bond', '', 'Prairie Surety Co.', 'PS-2026-00417', 'posted', '', '', '250000.00', ''],
      ['report_closing', '', '', '', '', 'false', '', 'closable', '', '', '', ''],
      ['report_closing', '', '', '', '', '', '', 'property_on_hand_end', '', '', '323706.20', ''],
      ['report_closing', '', '', '', 'city-hospital', "City Hospital's claim is pending", '', 'claim_open', '', '', '', ''],
    ]);
  });

  it('closable once City Hospital’s claim is rejected: nothing left but the ending property', () => {
    const base = records();
    const resolved = { ...base, creditorClaims: base.creditorClaims.map((entry) => (entry.id === 'city-hospital' ? { ...entry, status: 'rejected' as const, resolutionDate: '2026-06-10' } : entry)) };
    const report = reportOf(computeAccounting(input(resolved)), 'ca', resolved);
    expect(report.closing).toEqual({ closable: true, property_on_hand_end: 323706.2, obstacles: [] });
    expect(report.claims.totals).toEqual({ filed: 4350, allowed: 3200, rejected: 1150, paid: 3200 });
  });
});

describe('§16.9 variants', () => {
  it('the sale recorded as one net +423,000.00 deposit: difference 27,000.00, proceeds_mismatch, settling refused', () => {
    const accounting = computeAccounting(input(records('net')));
    expect(accounting.schedules.disbursements.total).toBe(c('11700'));
    expect(accounting.summary).toMatchObject({ charges: { total: c('462406.20') }, credits: { total: c('435406.20') }, balanced: false, difference: c('27000') });
    expect(accounting.unreconciled).toEqual([
      {
        kind: 'proceeds_mismatch',
        relatedType: 'real_estate_property',
        relatedId: 'house',
        date: '2026-05-15',
        expected: c('450000'),
        recorded: c('423000'),
        effect: c('27000'),
        message: expect.stringContaining('450000.00'),
      },
    ]);
    expect(settlementRefusals(accounting, { isFinal: false, claims: [], distributions: [] })).toEqual([
      { field: 'unreconciled[0]', message: expect.stringContaining('proceeds_mismatch (effect 27000.00)'), reason: 'rule' },
    ]);
  });

  it('a statement of 323,700.00: balanced, but reconciled false with a balance_mismatch of effect 0.00', () => {
    const accounting = computeAccounting(input(records('gross', '323700.00')));
    expect(accounting.summary).toMatchObject({ balanced: true, difference: 0n, reconciled: false });
    expect(accounting.cashReconciliation[1]).toMatchObject({ reportedBalance: c('323700'), closing: c('323706.20'), reconciled: false });
    expect(accounting.unreconciled).toEqual([
      { kind: 'balance_mismatch', relatedType: 'bank_account', relatedId: 'estate', date: '2026-06-30', expected: c('323700'), recorded: c('323706.20'), effect: 0n, message: expect.any(String) },
    ]);
    expect(settlementRefusals(accounting, { isFinal: false, claims: [], distributions: [] })).toEqual([]);
  });
});
