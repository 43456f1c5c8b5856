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
import { NO_PAPER } from '../../application/ports/accounting-pdf.port';
import { bankAccountWords, dateInWords, liabilityWords, plainWords, timeInWords } from './accounting-pdf-words';

const PAPER = { ...NO_PAPER, stateName: 'California' };

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

  it('writes dates, times and the records’ codes in words (contract-extensions §16.10)', () => {
    expect([dateInWords('2026-06-30'), dateInWords('2026-01-01'), dateInWords(null)]).toEqual(['June 30, 2026', 'January 1, 2026', '']);
    expect([timeInWords('09:30'), timeInWords('12:00'), timeInWords('14:05'), timeInWords('00:15')]).toEqual(['9:30 a.m.', '12:00 p.m.', '2:05 p.m.', '12:15 a.m.']);
    expect(bankAccountWords('City National Bank estate_account')).toEqual({ institution: 'City National Bank', account: 'City National Bank estate account' });
    expect(bankAccountWords('First Bank checking')).toEqual({ institution: 'First Bank', account: 'First Bank checking account' });
    expect(plainWords('12 Elm Street, Pasadena, CA 91101 (single_family)')).toBe('12 Elm Street, Pasadena, CA 91101 (single-family residence)');
    expect(plainWords('Fidelity traditional_ira; a some_new_code')).toBe('Fidelity traditional IRA; a some new code');
    expect(liabilityWords({ kind: 'debt', description: 'Card Bank (CCP)' })).toBe('Card Bank');
    expect(liabilityWords({ kind: 'claim', description: 'City Hospital (claim pending)' })).toBe('City Hospital (claim pending)');
  });

  it('dates the file by the accounting (settled: created_at, live: computed_at) and heads a live one as a draft', () => {
    const settled = accountingPdfDefinition({ document: document('settled'), caseId: 'case-1', ordinal: 1, paper: PAPER });
    expect((settled.info as { creationDate: Date }).creationDate.toISOString()).toBe('2026-07-05T10:00:00.000Z');
    expect(settled.header).toBeUndefined();
    expect(JSON.stringify(settled.content)).toContain('FIRST AND FINAL ACCOUNT AND REPORT OF ADMINISTRATOR WITH WILL ANNEXED');
    const live = accountingPdfDefinition({ document: document('live'), caseId: 'case-1', ordinal: 2, paper: PAPER });
    expect((live.info as { creationDate: Date }).creationDate.toISOString()).toBe('2026-07-05T09:00:00.000Z');
    expect(live.header).toMatchObject({ text: 'DRAFT — not settled' });
    expect(JSON.stringify(live.content)).toContain('SECOND ACCOUNT AND REPORT OF ADMINISTRATOR WITH WILL ANNEXED');
  });

  it('renders the same bytes every time', async () => {
    const renderer = new PdfmakeAccountingPdf();
    const request = { document: document('settled'), caseId: 'case-1', ordinal: 1, paper: PAPER };
    const [first, second] = [await renderer.render(request), await renderer.render(request)];
    expect(first.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Buffer.compare(first, second)).toBe(0);
    if (process.env.ACCOUNTING_PDF_OUT) writeFileSync(process.env.ACCOUNTING_PDF_OUT, first);
  });
});
