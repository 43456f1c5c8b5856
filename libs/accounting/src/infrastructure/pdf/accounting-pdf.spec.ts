import { writeFileSync } from 'node:fs';
import { accountingCaption, accountingDocument } from '../../domain/accounting-document';
import { bankAccount, property, transaction } from '../../domain/accounting-fixtures.testing';
import { NOTHING_COUNTED } from '../../domain/accounting-period';
import { noRecords } from '../../domain/accounting-records';
import { accountingReport } from '../../domain/accounting-report';
import { computeAccounting } from '../../domain/court-accounting';
import { accountingCsvRows, spreadsheetText } from '../../domain/accounting-csv';
import { accountingPdfDefinition, amountText, ordinalWord, roleTitle } from './accounting-pdf-layout';
import { PdfmakeAccountingPdf } from './pdfmake-accounting-pdf';

/** A small account: cash at death, a receipt, a disbursement whose payee is hostile text, a house sold at a gain. */
function document(status: 'live' | 'settled') {
  const computation = computeAccounting({
    from: '2026-01-10',
    to: '2026-06-30',
    today: '2026-07-05',
    dateOfDeath: '2026-01-10',
    previous: null,
    countedBefore: NOTHING_COUNTED,
    records: {
      ...noRecords(),
      bankAccounts: [bankAccount('checking', { accountNumber: '000111222333' })],
      transactions: [
        transaction('t1', 'checking', '2026-01-10', 5000, 'other_receipt'),
        transaction('t2', 'checking', '2026-02-01', 1234.5, 'dividends'),
        transaction('t3', 'checking', '2026-03-01', -250, 'administration', null, { merchantName: '=HYPERLINK("http://evil")' }),
        transaction('t4', 'checking', '2026-05-15', 450000, 'asset_proceeds', ['real_estate_property', 'house']),
      ],
      realEstateProperties: [property('house', { dateOfDeathValue: 400000, status: 'sold', salePrice: 450000, saleDate: '2026-05-15' })],
    },
  });
  const caption = accountingCaption({
    probateCase: { courtName: 'Superior Court of California, County of Los Angeles', countyName: 'Los Angeles', state: 'CA', caseNumber: '26STPB00123' },
    executor: { firstName: 'Jane', middleName: null, lastName: 'Doe', suffix: null, role: 'administrator_with_will_annexed' },
    deceased: { fullName: 'John Doe', dateOfDeath: '2026-01-10' },
  });
  const identity =
    status === 'live'
      ? ({ status: 'live', computedAt: new Date('2026-07-05T09:00:00Z') } as const)
      : ({ status: 'settled', id: '01JACCOUNTING0000000000001', sequence: 1, isFinal: true, createdAt: new Date('2026-07-05T10:00:00Z'), createdBy: 'user' } as const);
  const report = accountingReport({ computation, scheme: 'ca', claims: [], distributions: [], bond: null, earlier: [] });
  return accountingDocument({ computation, caption, scheme: 'ca', identity, report });
}

describe('the accounting as CSV lines (contract-extensions §16.8)', () => {
  it('neutralises free text a spreadsheet would run as a formula, and keeps amounts exact', () => {
    expect(['=1+1', '+1', '-x', '@a', '\tx', '\rx', 'plain', null].map(spreadsheetText)).toEqual(["'=1+1", "'+1", "'-x", "'@a", "'\tx", "'\rx", 'plain', '']);
    const rows = accountingCsvRows(document('settled'));
    expect(rows.find((row) => row[4] === 't3')).toEqual(['disbursements', 'F', '2026-03-01', 'transaction', 't3', `'=HYPERLINK("http://evil")`, '', 'administration', '', '', '250.00', 'false']);
    expect(rows.find((row) => row[0] === 'gains_on_sales')).toEqual(['gains_on_sales', 'D', '2026-05-15', 'real_estate_property', 'house', '12 Elm Street, Pasadena, CA 91101 (single_family)', '', '', '450000.00', '400000.00', '50000.00', 'false']);
    expect(rows.filter((row) => row[0] === 'summary').slice(-3)).toEqual([
      ['summary', '', '', '', '', '', '', 'total_charges', '', '', '456234.50', ''],
      ['summary', '', '', '', '', '', '', 'total_credits', '', '', '456234.50', ''],
      ['summary', '', '', '', '', '', '', 'difference', '', '', '0.00', ''],
    ]);
  });
});

describe('the accounting as a PDF (contract-extensions §16.8)', () => {
  it('writes amounts, ordinals and roles as a court reads them', () => {
    expect([0, 1234.5, -12406.2, 1e9].map(amountText)).toEqual(['0.00', '1,234.50', '-12,406.20', '1,000,000,000.00']);
    expect([1, 2, 12, 13, 21, 22, 23, 111].map(ordinalWord)).toEqual(['First', 'Second', 'Twelfth', '13th', '21st', '22nd', '23rd', '111th']);
    expect([roleTitle('administrator_with_will_annexed'), roleTitle('executor'), roleTitle(null)]).toEqual(['Administrator with Will Annexed', 'Executor', 'Personal Representative']);
  });

  it('dates the file by the accounting (settled: created_at, live: computed_at) and heads a live one as a draft', () => {
    const settled = accountingPdfDefinition({ document: document('settled'), caseId: 'case-1', ordinal: 1 });
    expect((settled.info as { creationDate: Date }).creationDate.toISOString()).toBe('2026-07-05T10:00:00.000Z');
    expect(settled.header).toBeUndefined();
    expect(JSON.stringify(settled.content)).toContain('First and Final Account and Report of Administrator with Will Annexed');
    const live = accountingPdfDefinition({ document: document('live'), caseId: 'case-1', ordinal: 2 });
    expect((live.info as { creationDate: Date }).creationDate.toISOString()).toBe('2026-07-05T09:00:00.000Z');
    expect(live.header).toMatchObject({ text: 'DRAFT — not settled' });
    expect(JSON.stringify(live.content)).toContain('Second Account and Report of Administrator with Will Annexed');
  });

  it('renders the same bytes every time', async () => {
    const renderer = new PdfmakeAccountingPdf();
    const request = { document: document('settled'), caseId: 'case-1', ordinal: 1 };
    const [first, second] = [await renderer.render(request), await renderer.render(request)];
    expect(first.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Buffer.compare(first, second)).toBe(0);
    if (process.env.ACCOUNTING_PDF_OUT) writeFileSync(process.env.ACCOUNTING_PDF_OUT, first);
  });
});
