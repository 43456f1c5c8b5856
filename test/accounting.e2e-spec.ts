import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { EntityManager } from '@mikro-orm/postgresql';
import { parse as parseCsv } from 'csv-parse/sync';
import { prepareDemo } from '../apps/api/src/demo/demo-data';
import { detailFields, expectError } from './support/api-assertions';
import { UNKNOWN_CASE_ID } from './support/assets-holdings-fixtures';
import { pdfBytes, upload } from './support/document-files';
import { pdfText } from './support/pdf-text';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

/**
 * The court accounting (contract-extensions §16) through the API: the §16.9 worked example built from records created
 * through the routes (a distribution paid through `…/distributions/{id}/pay`), its JSON, CSV and PDF, settling, the
 * second account, the final account, deleting, the vetoes on carried records, the trigger refusing UPDATE, conditional
 * reads, and every error the routes add. What every resource promises of the settled accountings' collection (paging,
 * the sort, bad and unknown parameters, read one and its 304, 404s, 422s for bad bodies, a stale If-Match, deletion,
 * foreign, unknown and deleted cases) is the generated contract's, from their declaration (test/contracts/accounting).
 */

/** Reads a binary body whole (supertest buffers only text by default). */
const binary = (res: any, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

/** With ACCOUNTING_PDF_DIR set, the PDFs a person should look at are written there (docs/looking-at-the-accounting-pdf.md). */
function keepToLookAt(name: string, bytes: Buffer): void {
  const directory = process.env.ACCOUNTING_PDF_DIR;
  if (!directory) return;
  mkdirSync(directory, { recursive: true });
  writeFileSync(join(directory, name), bytes);
}

const TODAY = new Date().toISOString().slice(0, 10);
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

interface Example {
  caseId: string;
  base: string;
  checking: string;
  estate: string;
  house: string;
  cardBank: string;
  cityHospital: string;
  sam: string;
  distribution: string;
  transactions: Record<string, string>;
}

interface ExampleOptions {
  /** The sale recorded as one net deposit of 423,000.00 (§16.9's first variant). */
  net?: boolean;
  /** The June statement's closing balance (§16.9's second variant: 323,700.00). */
  statementClosing?: number;
  /** The probate case's state (NY letters the account as JA-7 by default). */
  state?: string;
}

describe('court accounting (e2e, contract-extensions §16)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let stranger: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite('enterprise');
    stranger = await t.invite('enterprise');
  });
  afterAll(() => t.close());

  async function created(caller: TestCaller, path: string, body: Record<string, unknown>, status = 201): Promise<Record<string, any>> {
    const res = await t.http().post(path).set(caller.auth).send(body);
    if (res.status !== status) throw new Error(`POST ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  async function put(caller: TestCaller, path: string, body: Record<string, unknown>): Promise<void> {
    const res = await t.http().put(path).set(caller.auth).send(body);
    if (res.status !== 201 && res.status !== 200) throw new Error(`PUT ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  }

  /** §16.9: everything created through the API, as a user would. */
  async function workedExample(options: ExampleOptions = {}): Promise<Example> {
    const caseId = (await created(owner, '/v1/cases', { deceased: { first_name: 'John', last_name: 'Doe', date_of_death: '2026-01-10' } })).id;
    const base = `/v1/cases/${caseId}`;
    await put(owner, `${base}/probate`, { state: options.state ?? 'CA', probate_type: 'formal', ...(options.state ? {} : { county_fips: '06037' }), case_number: '26STPB00123' });
    await put(owner, `${base}/executor`, { first_name: 'Jane', last_name: 'Doe', role: 'executor' });
    const checking = (await created(owner, `${base}/bank-accounts`, { institution_name: 'First Bank', account_type: 'checking', ownership_type: 'individual', account_number: '000111222333', current_balance: 0, available_balance: 0 })).id;
    const estate = (
      await created(owner, `${base}/bank-accounts`, {
        institution_name: 'First Bank',
        account_type: 'estate_account',
        ownership_type: 'estate',
        is_estate_account: true,
        status: 'open',
        account_number: '000999888777',
        // An estate account's balances follow its ledger (contract §3.2): the transactions below bring it to 423,706.20.
        current_balance: 0,
        available_balance: 0,
      })
    ).id;
    const house = (
      await created(owner, `${base}/real-estate-properties`, {
        address: { address1: '12 Elm Street', city: 'Pasadena', state: 'CA', zip: '91101' },
        property_type: 'single_family',
        ownership_type: 'sole',
        ownership_percentage: 100,
        date_of_death_value: 400000,
        status: 'sold',
        sale_price: 450000,
        sale_date: '2026-05-15',
      })
    ).id;
    const cardBank = (await created(owner, `${base}/probate/creditor-claims`, { creditor_name: 'Card Bank', claim_amount: 3200, claim_date: '2026-02-01' })).id;
    const cityHospital = (await created(owner, `${base}/probate/creditor-claims`, { creditor_name: 'City Hospital', claim_amount: 1150, claim_date: '2026-02-05' })).id;
    const sam = (await created(owner, `${base}/persons`, { first_name: 'Sam', last_name: 'Doe', relationship: 'son', is_beneficiary: true })).id;

    const transactions: Record<string, string> = {};
    const post = async (name: string, account: string, body: Record<string, unknown>) => {
      transactions[name] = (await created(owner, `${base}/bank-accounts/${account}/transactions`, body)).id;
    };
    await post('balance_at_death', checking, { date: '2026-01-10', amount: 12400, description: 'balance at death' });
    await post('interest', checking, { date: '2026-01-31', amount: 6.2, description: 'INTEREST PAYMENT', accounting_category: 'interest' });
    await post('transfer_out', checking, { date: '2026-02-20', amount: -12406.2, description: 'Transfer to estate account', accounting_category: 'transfer' });
    await post('transfer_in', estate, { date: '2026-02-20', amount: 12406.2, description: 'Transfer from checking', accounting_category: 'transfer' });
    await post('funeral', estate, { date: '2026-02-25', amount: -8500, description: 'Funeral services', merchant_name: 'Rose Funeral Home', accounting_category: 'funeral' });
    if (options.net) {
      await post('sale', estate, { date: '2026-05-15', amount: 423000, description: 'Escrow ESC-5521 net', reference_number: 'ESC-5521', accounting_category: 'asset_proceeds', related_type: 'real_estate_property', related_id: house });
    } else {
      await post('sale', estate, { date: '2026-05-15', amount: 450000, description: 'Escrow ESC-5521 price', reference_number: 'ESC-5521', accounting_category: 'asset_proceeds', related_type: 'real_estate_property', related_id: house });
      await post('sale_expenses', estate, { date: '2026-05-15', amount: -27000, description: 'Escrow ESC-5521 commission and fees', reference_number: 'ESC-5521', accounting_category: 'sale_expenses' });
    }
    await post('card_bank', estate, { date: '2026-06-01', amount: -3200, description: 'Card Bank claim', accounting_category: 'creditor_claims', related_type: 'claim', related_id: cardBank });
    const paidClaim = await t.http().patch(`${base}/probate/creditor-claims/${cardBank}`).set(owner.auth).send({ status: 'paid', resolution_amount: 3200, resolution_date: '2026-06-01' });
    expect(paidClaim.status).toBe(200);

    const distribution = (await created(owner, `${base}/probate/distributions`, { person_id: sam, distribution_type: 'residuary', kind: 'cash', amount: 100000, source_account_id: estate })).id;
    await created(owner, `${base}/probate/distributions/${distribution}/approve`, {}, 200);
    const paid = await created(owner, `${base}/probate/distributions/${distribution}/pay`, { paid_date: '2026-06-20' }, 200);
    transactions.distribution = paid.transaction_id;

    const document = await upload(t, owner, caseId, { bytes: pdfBytes(1), fields: { type: 'bank_statement' }, filename: 'statement-2026-06.pdf' });
    expect(document.status).toBe(201);
    const closing = options.statementClosing ?? 323706.2;
    await created(owner, `${base}/bank-accounts/${estate}/statements`, { document_id: document.body.data.id, period_start: '2026-06-01', period_end: '2026-06-30', closing_balance: closing });
    return { caseId, base, checking, estate, house, cardBank, cityHospital, sam, distribution, transactions };
  }

  const accountingRows = (caseId: string) => t.sql<{ sequence: number; is_final: boolean }>('select sequence, is_final from accountings where case_id = $1 order by sequence', [caseId]);
  const eventsOf = (caseId: string, type: string) => t.sql<{ data: any }>('select data from events where case_id = $1 and type = $2 order by id', [caseId, type]);

  describe('the §16.9 worked example', () => {
    let example: Example;

    beforeAll(async () => {
      example = await workedExample();
    });

    it('computes accounting 1, 2026-01-10 to 2026-06-30, in the ca lettering: every schedule total, balanced and reconciled', async () => {
      const res = await t.http().get(`${example.base}/accounting?to=2026-06-30`).set(owner.auth).expect(200);
      const data = res.body.data;
      expect(data).toMatchObject({ id: null, sequence: null, status: 'live', from: '2026-01-10', to: '2026-06-30', is_final: false, scheme: 'ca', currency: 'USD', created_by: null });
      expect(Date.parse(data.computed_at)).toBeGreaterThan(Date.now() - 60_000);
      expect(data.caption).toEqual({
        court_name: expect.stringContaining('Los Angeles'),
        county_name: 'Los Angeles',
        state: 'CA',
        case_number: '26STPB00123',
        estate_name: 'Estate of John Doe',
        date_of_death: '2026-01-10',
        fiduciary_name: 'Jane Doe',
        fiduciary_role: 'executor',
      });
      const totals = Object.fromEntries(Object.entries(data.schedules as Record<string, { schedule: string; total: number }>).map(([key, schedule]) => [key, [schedule.schedule, schedule.total]]));
      expect(totals).toEqual({
        property_on_hand_beginning: ['A', 412400],
        additional_property_received: ['B', 0],
        receipts: ['C', 6.2],
        gains_on_sales: ['D', 50000],
        disbursements: ['F', 38700],
        losses_on_sales: ['G', 0],
        distributions: ['I', 100000],
        property_on_hand_end: ['J', 323706.2],
        changes_in_form: ['M', 0],
        liabilities: ['K', 1150],
      });
      expect(data.summary).toEqual({
        charges: { property_on_hand_beginning: 412400, additional_property_received: 0, receipts: 6.2, gains_on_sales: 50000, total: 462406.2 },
        credits: { disbursements: 38700, losses_on_sales: 0, distributions: 100000, property_on_hand_end: 323706.2, total: 462406.2 },
        balanced: true,
        difference: 0,
        reconciled: true,
      });
      expect(data.unreconciled).toEqual([]);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers.vary).toMatch(/Accept/);
    });

    it('carries the report (§16.10): the claims, 12,248.12 each on a base of 462,406.20, no bond until one is recorded, not yet closable', async () => {
      const { report } = (await t.http().get(`${example.base}/accounting?to=2026-06-30`).set(owner.auth).expect(200)).body.data;
      expect(report).toEqual({
        claims: {
          lines: [
            { id: example.cardBank, creditor: 'Card Bank', claim_date: '2026-02-01', amount: 3200, status: 'paid', resolution_amount: 3200, resolution_date: '2026-06-01' },
            { id: example.cityHospital, creditor: 'City Hospital', claim_date: '2026-02-05', amount: 1150, status: 'pending', resolution_amount: null, resolution_date: null },
          ],
          totals: { filed: 4350, allowed: 3200, rejected: 0, paid: 3200 },
        },
        compensation: {
          base: 462406.2,
          personal_representative: { amount: 12248.12, citation: 'Cal. Prob. Code §10800', note: null },
          attorney: { amount: 12248.12, citation: 'Cal. Prob. Code §10810', note: null },
        },
        bond: null,
        closing: { closable: false, property_on_hand_end: 323706.2, obstacles: [{ kind: 'claim_open', related_id: example.cityHospital, message: "City Hospital's claim is pending" }] },
      });
      const ny = (await t.http().get(`${example.base}/accounting?to=2026-06-30&scheme=ny`).set(owner.auth).expect(200)).body.data.report;
      expect(ny.compensation).toEqual({
        base: 462406.2,
        personal_representative: { amount: null, citation: 'N.Y. SCPA §2307', note: expect.stringContaining('SCPA §2307') },
        attorney: { amount: null, citation: 'N.Y. SCPA §2110', note: expect.stringContaining('SCPA §2110') },
      });

      await t.http().patch(`${example.base}/executor`).set(owner.auth).send({ bond_status: 'posted', bond_amount: 250000, surety_name: 'Prairie Surety Co.', bond_number: 'PS-2026-00417' }).expect(200);
      const bonded = (await t.http().get(`${example.base}/accounting?to=2026-06-30`).set(owner.auth).expect(200)).body.data.report;
      expect(bonded.bond).toEqual({ status: 'posted', amount: 250000, surety: 'Prairie Surety Co.', bond_number: 'PS-2026-00417' });
    });

    it('the report as CSV lines after the summary', async () => {
      const res = await t.http().get(`${example.base}/accounting?to=2026-06-30&format=csv`).set(owner.auth).expect(200);
      const rows = parseCsv(res.text, { columns: true }) as Array<Record<string, string>>;
      const lastSummary = rows.map((row) => row.section).lastIndexOf('summary');
      expect(rows.slice(lastSummary + 1).map((row) => [row.section, row.kind, row.id, row.description, row.reference, row.category, row.amount])).toEqual([
        ['report_claims', 'claim', example.cardBank, 'Card Bank', '', 'paid', '3200.00'],
        ['report_claims', 'claim_resolution', example.cardBank, 'Card Bank', '', 'paid', '3200.00'],
        ['report_claims', 'claim', example.cityHospital, 'City Hospital', '', 'pending', '1150.00'],
        ['report_claims', '', '', '', '', 'filed', '4350.00'],
        ['report_claims', '', '', '', '', 'allowed', '3200.00'],
        ['report_claims', '', '', '', '', 'rejected', '0.00'],
        ['report_claims', '', '', '', '', 'paid', '3200.00'],
        ['report_compensation', '', '', '', '', 'base', '462406.20'],
        ['report_compensation', '', '', '', 'Cal. Prob. Code §10800', 'personal_representative', '12248.12'],
        ['report_compensation', '', '', '', 'Cal. Prob. Code §10810', 'attorney', '12248.12'],
        ['report_bond', 'bond', '', 'Prairie Surety Co.', 'PS-2026-00417', 'posted', '250000.00'],
        ['report_closing', '', '', 'false', '', 'closable', ''],
        ['report_closing', '', '', '', '', 'property_on_hand_end', '323706.20'],
        ['report_closing', '', example.cityHospital, "City Hospital's claim is pending", '', 'claim_open', ''],
      ]);
    });

    it('lists every line as §16.9 does, references masked, nothing of the SSN', async () => {
      const { schedules, cash_reconciliation: cash, text } = await t
        .http()
        .get(`${example.base}/accounting?to=2026-06-30`)
        .set(owner.auth)
        .expect(200)
        .then((res) => ({ ...res.body.data, text: res.text }));
      expect(schedules.property_on_hand_beginning.lines).toEqual([
        { kind: 'bank_account', id: example.checking, description: 'First Bank checking', reference: '********2333', carry_value: 12400, carry_source: 'transactions' },
        { kind: 'bank_account', id: example.estate, description: 'First Bank estate_account', reference: '********8777', carry_value: 0, carry_source: 'transactions' },
        { kind: 'real_estate_property', id: example.house, description: '12 Elm Street, Pasadena, CA 91101 (single_family)', reference: null, carry_value: 400000, carry_source: 'date_of_death_value' },
      ]);
      expect(schedules.receipts.lines).toEqual([expect.objectContaining({ id: example.transactions.interest, category: 'interest', amount: 6.2, date: '2026-01-31', prior_period: false })]);
      expect(schedules.receipts.by_category).toEqual([{ category: 'interest', schedule: 'C', total: 6.2 }]);
      expect(schedules.gains_on_sales.lines).toEqual([
        { date: '2026-05-15', kind: 'real_estate_property', id: example.house, description: '12 Elm Street, Pasadena, CA 91101 (single_family)', proceeds: 450000, carry_value: 400000, amount: 50000, prior_period: false },
      ]);
      expect(schedules.disbursements.lines.map((line: any) => [line.id, line.category, line.amount, line.payee])).toEqual([
        [example.transactions.funeral, 'funeral', 8500, 'Rose Funeral Home'],
        [example.transactions.sale_expenses, 'sale_expenses', 27000, 'Escrow ESC-5521 commission and fees'],
        [example.transactions.card_bank, 'creditor_claims', 3200, 'Card Bank claim'],
      ]);
      expect(schedules.disbursements.by_category).toEqual([
        { category: 'funeral', schedule: 'F', total: 8500 },
        { category: 'creditor_claims', schedule: 'F', total: 3200 },
        { category: 'sale_expenses', schedule: 'F', total: 27000 },
      ]);
      expect(schedules.distributions.lines).toEqual([
        {
          date: '2026-06-20',
          kind: 'cash',
          id: example.distribution,
          transaction_id: example.transactions.distribution,
          person_id: example.sam,
          recipient_name: 'Sam Doe',
          distribution_type: 'residuary',
          description: 'Distribution to Sam Doe',
          amount: 100000,
          value_at_distribution: null,
          prior_period: false,
        },
      ]);
      expect(schedules.property_on_hand_end.lines.map((line: any) => [line.id, line.carry_value])).toEqual([
        [example.checking, 0],
        [example.estate, 323706.2],
      ]);
      expect(schedules.changes_in_form.lines.map((line: any) => [line.id, line.amount])).toEqual([
        [example.transactions.transfer_out, -12406.2],
        [example.transactions.transfer_in, 12406.2],
      ]);
      expect(schedules.liabilities.lines).toEqual([{ kind: 'claim', id: example.cityHospital, description: 'City Hospital (claim pending)', reference: null, amount: 1150 }]);
      expect(cash).toEqual([
        expect.objectContaining({ account_id: example.checking, opening: 12400, receipts: 6.2, transfers_out: 12406.2, closing: 0, reported_balance: null, reported_source: null, reconciled: true }),
        {
          account_id: example.estate,
          description: 'First Bank estate_account',
          opening: 0,
          receipts: 0,
          proceeds: 450000,
          transfers_in: 12406.2,
          property_received: 0,
          disbursements: 38700,
          distributions: 100000,
          transfers_out: 0,
          closing: 323706.2,
          reported_balance: 323706.2,
          reported_source: 'statement',
          reconciled: true,
        },
      ]);
      expect(text).not.toMatch(/000111222333|000999888777|123-45-6789/);
    });

    it('under ny: the JA-7 letters, every number the same (A 412,400.00, A-1 50,000.00, A-2 6.20; C 35,500.00, D 3,200.00, E 100,000.00, G 323,706.20)', async () => {
      const ca = (await t.http().get(`${example.base}/accounting?to=2026-06-30&scheme=ca`).set(owner.auth).expect(200)).body.data;
      const ny = (await t.http().get(`${example.base}/accounting?to=2026-06-30&scheme=ny`).set(owner.auth).expect(200)).body.data;
      expect(ny.summary).toEqual(ca.summary);
      const letters = Object.fromEntries(Object.entries(ny.schedules as Record<string, { schedule: string; total: number }>).map(([key, schedule]) => [key, [schedule.schedule, schedule.total]]));
      expect(letters).toMatchObject({ property_on_hand_beginning: ['A', 412400], gains_on_sales: ['A-1', 50000], receipts: ['A-2', 6.2], losses_on_sales: ['B', 0], disbursements: ['C', 38700], distributions: ['E', 100000], property_on_hand_end: ['G', 323706.2] });
      expect(ny.schedules.disbursements.by_category).toEqual([
        { category: 'funeral', schedule: 'C', total: 8500 },
        { category: 'creditor_claims', schedule: 'D', total: 3200 },
        { category: 'sale_expenses', schedule: 'C', total: 27000 },
      ]);
      const pdf = await pdfText((await t.http().get(`${example.base}/accounting?to=2026-06-30&scheme=ny&format=pdf`).set(owner.auth).buffer(true).parse(binary).expect(200)).body);
      expect(pdf).toMatch(/SUMMARY STATEMENT/);
      expect(pdf).toMatch(/SCHEDULE C: Statement of funeral and administration expenses/);
      expect(pdf).toMatch(/35,500\.00/);
      expect(pdf).toMatch(/SCHEDULE D: Statement of all creditors' claims/);
    });

    it('as CSV: the header, one line per item with letters, exact 2-decimal amounts, the reconciliation and the totals', async () => {
      const res = await t.http().get(`${example.base}/accounting?to=2026-06-30`).set(owner.auth).set('Accept', 'text/csv').expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="accounting-${example.caseId}-2026-01-10-2026-06-30.csv"`);
      expect(res.headers.vary).toMatch(/Accept/);
      expect(res.headers['cache-control']).toBe('no-store');
      const rows = parseCsv(res.text, { columns: true }) as Array<Record<string, string>>;
      expect(Object.keys(rows[0])).toEqual(['section', 'schedule', 'date', 'kind', 'id', 'description', 'reference', 'category', 'proceeds', 'carry_value', 'amount', 'prior_period']);
      const find = (section: string, id: string) => rows.find((row) => row.section === section && row.id === id);
      expect(find('property_on_hand_beginning', example.house)).toMatchObject({ schedule: 'A', kind: 'real_estate_property', category: 'date_of_death_value', amount: '400000.00' });
      expect(find('receipts', example.transactions.interest)).toMatchObject({ schedule: 'C', date: '2026-01-31', category: 'interest', amount: '6.20', prior_period: 'false' });
      expect(find('gains_on_sales', example.house)).toMatchObject({ schedule: 'D', proceeds: '450000.00', carry_value: '400000.00', amount: '50000.00' });
      expect(find('disbursements', example.transactions.funeral)).toMatchObject({ schedule: 'F', description: 'Rose Funeral Home', category: 'funeral', amount: '8500.00' });
      expect(find('distributions', example.distribution)).toMatchObject({ schedule: 'I', kind: 'cash', description: 'Sam Doe: Distribution to Sam Doe', category: 'residuary', amount: '100000.00' });
      expect(find('changes_in_form', example.transactions.transfer_out)).toMatchObject({ schedule: 'M', amount: '-12406.20' });
      expect(find('liabilities', example.cityHospital)).toMatchObject({ schedule: 'K', kind: 'claim', amount: '1150.00' });
      expect(rows.filter((row) => row.section === 'cash_reconciliation' && row.id === example.estate).map((row) => [row.category, row.amount])).toEqual([
        ['opening', '0.00'],
        ['receipts', '0.00'],
        ['proceeds', '450000.00'],
        ['transfers_in', '12406.20'],
        ['property_received', '0.00'],
        ['disbursements', '38700.00'],
        ['distributions', '100000.00'],
        ['transfers_out', '0.00'],
        ['closing', '323706.20'],
        ['reported_balance', '323706.20'],
      ]);
      expect(rows.filter((row) => row.section === 'summary').map((row) => [row.schedule, row.category, row.amount])).toEqual([
        ['A', 'property_on_hand_beginning', '412400.00'],
        ['B', 'additional_property_received', '0.00'],
        ['C', 'receipts', '6.20'],
        ['D', 'gains_on_sales', '50000.00'],
        ['F', 'disbursements', '38700.00'],
        ['G', 'losses_on_sales', '0.00'],
        ['I', 'distributions', '100000.00'],
        ['J', 'property_on_hand_end', '323706.20'],
        ['', 'total_charges', '462406.20'],
        ['', 'total_credits', '462406.20'],
        ['', 'difference', '0.00'],
      ]);
      // The same lines with format=csv, whatever Accept says.
      expect((await t.http().get(`${example.base}/accounting?to=2026-06-30&format=csv`).set(owner.auth).set('Accept', 'application/json').expect(200)).headers['content-type']).toBe('text/csv; charset=utf-8');
    });

    it('as a PDF: a draft, its caption, title, summary in §1061 form, the schedules and the verification, totals found by reading it back', async () => {
      const res = await t.http().get(`${example.base}/accounting?to=2026-06-30`).set(owner.auth).set('Accept', 'application/pdf').buffer(true).parse(binary).expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="accounting-${example.caseId}-2026-01-10-2026-06-30.pdf"`);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = await pdfText(res.body);
      for (const expected of [
        'DRAFT — not settled',
        'SUPERIOR COURT OF CALIFORNIA',
        'Estate of John Doe, Deceased',
        'Case No. 26STPB00123',
        'FIRST ACCOUNT AND REPORT OF EXECUTOR',
        'For the period January 10, 2026 through June 30, 2026',
        'Total charges',
        '462,406.20',
        'Total charges equal total credits.',
        '323,706.20',
        '412,400.00',
        'Rose Funeral Home',
        'VERIFICATION',
        `Case ${example.caseId}`,
        'page 1 of',
      ]) {
        expect({ expected, found: text.includes(expected) }).toEqual({ expected, found: true });
      }
    });

    it('is_final: true is refused while City Hospital’s claim is pending (422 accounting_not_allowed naming it); nothing is written', async () => {
      const res = await t.http().post(`${example.base}/accountings`).set(owner.auth).send({ to: '2026-06-30', is_final: true });
      expectError(res, 422, 'accounting_not_allowed');
      expect(res.body.error.details).toEqual([{ field: `claim:${example.cityHospital}`, message: expect.stringContaining('City Hospital'), reason: 'conflict' }]);
      expect(await accountingRows(example.caseId)).toEqual([]);
      expect(await eventsOf(example.caseId, 'accounting.created')).toEqual([]);
    });

    it('settles accounting 1: 201 with the document, Location, ETag and accounting.created; a replay under its key answers the same', async () => {
      const res = await t.http().post(`${example.base}/accountings`).set(owner.auth).set('Idempotency-Key', `settle-${example.caseId}`).send({ to: '2026-06-30' });
      expect(res.status).toBe(201);
      const data = res.body.data;
      expect(data).toMatchObject({ sequence: 1, status: 'settled', from: '2026-01-10', to: '2026-06-30', is_final: false, scheme: 'ca', created_by: owner.userId });
      expect(data.computed_at).toBeUndefined();
      expect(data.summary).toMatchObject({ charges: { total: 462406.2 }, credits: { total: 462406.2 }, balanced: true, difference: 0, reconciled: true });
      expect(res.headers.location).toBe(`${example.base}/accountings/1`);
      expect(res.headers.etag).toBe(`"${data.id}.ca.json"`);
      expect(await accountingRows(example.caseId)).toEqual([{ sequence: 1, is_final: false }]);
      const [event] = await eventsOf(example.caseId, 'accounting.created');
      expect(event.data.object).toEqual({ id: data.id, sequence: 1, from: '2026-01-10', to: '2026-06-30', is_final: false, scheme: 'ca', summary: data.summary, created_at: data.created_at, created_by: owner.userId });
      expect(event.data.actor).toEqual({ type: 'user', id: owner.userId });

      const replay = await t.http().post(`${example.base}/accountings`).set(owner.auth).set('Idempotency-Key', `settle-${example.caseId}`).send({ to: '2026-06-30' });
      expect(replay.status).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.headers.location).toBe(`${example.base}/accountings/1`);
      expect(replay.headers.etag).toBe(res.headers.etag);
      expect(replay.body).toEqual(res.body);
      // The same key with another body is a conflict, whatever the accounting says.
      expectError(await t.http().post(`${example.base}/accountings`).set(owner.auth).set('Idempotency-Key', `settle-${example.caseId}`).send({ to: '2026-06-29' }), 409, 'idempotency_conflict');
      // A retry under a new key refuses itself: its `to` is now before the next start. The refusal names the
      // accounting that covers it and where the next one starts, never a `from` the client did not send.
      const retry = await t.http().post(`${example.base}/accountings`).set(owner.auth).set('Idempotency-Key', `again-${example.caseId}`).send({ to: '2026-06-30' });
      expectError(retry, 422, 'accounting_period_invalid');
      expect(detailFields(retry)).toEqual(['to']);
      const covered = 'accounting 1 already covers 2026-06-30 (its period is 2026-01-10 to 2026-06-30); the next accounting starts on 2026-07-01, so its to must be 2026-07-01 or later';
      expect(retry.body.error).toMatchObject({ message: covered, details: [{ field: 'to', message: covered, reason: 'range' }] });
      const earlier = await t.http().post(`${example.base}/accountings`).set(owner.auth).send({ to: '2026-03-01' });
      expect(earlier.body.error.message).toMatch(/^accounting 1 already covers 2026-03-01 \(its period is 2026-01-10 to 2026-06-30\)/);
      expect(await accountingRows(example.caseId)).toHaveLength(1);
    });

    it('reads it back: the stored document, byte-identical, its ETag per scheme and format, 304, the scheme override and Content-Disposition', async () => {
      const json = await t.http().get(`${example.base}/accountings/1`).set(owner.auth).expect(200);
      const { id } = json.body.data;
      expect(json.headers.etag).toBe(`"${id}.ca.json"`);
      expect(json.headers.vary).toMatch(/Accept/);
      expect(json.body.data.schedules.property_on_hand_end.total).toBe(323706.2);
      expect((await t.http().get(`${example.base}/accountings/1`).set(owner.auth).expect(200)).text).toBe(json.text);

      const ny = await t.http().get(`${example.base}/accountings/1?scheme=ny`).set(owner.auth).expect(200);
      expect(ny.headers.etag).toBe(`"${id}.ny.json"`);
      expect(ny.body.data).toMatchObject({ scheme: 'ny', summary: json.body.data.summary });
      expect(ny.body.data.schedules.receipts.schedule).toBe('A-2');
      // The stored report, computed at settlement; under ny its compensation names New York's statutes, on the same base.
      expect(json.body.data.report).toMatchObject({
        claims: { lines: [{ creditor: 'Card Bank', status: 'paid' }, { creditor: 'City Hospital', status: 'pending' }] },
        compensation: { base: 462406.2, personal_representative: { amount: 12248.12 }, attorney: { amount: 12248.12 } },
        bond: { status: 'posted', amount: 250000, surety: 'Prairie Surety Co.' },
        closing: { closable: false },
      });
      expect(ny.body.data.report).toEqual({ ...json.body.data.report, compensation: { ...ny.body.data.report.compensation, base: 462406.2 } });
      expect(ny.body.data.report.compensation).toMatchObject({ personal_representative: { amount: null, citation: 'N.Y. SCPA §2307' }, attorney: { amount: null, citation: 'N.Y. SCPA §2110' } });

      const csv = await t.http().get(`${example.base}/accountings/1?format=csv`).set(owner.auth).expect(200);
      expect(csv.headers.etag).toBe(`"${id}.ca.csv"`);
      expect(csv.headers['content-disposition']).toBe(`attachment; filename="accounting-${example.caseId}-1.csv"`);
      expect(csv.text).toContain('summary,,,,,,,total_charges,,,462406.20,');
      await t.http().get(`${example.base}/accountings/1?format=csv`).set(owner.auth).set('If-None-Match', `"${id}.ca.csv"`).expect(304);

      const first = await t.http().get(`${example.base}/accountings/1`).set(owner.auth).set('Accept', 'application/pdf').buffer(true).parse(binary).expect(200);
      const second = await t.http().get(`${example.base}/accountings/1?format=pdf`).set(owner.auth).buffer(true).parse(binary).expect(200);
      expect(first.headers.etag).toBe(`"${id}.ca.pdf"`);
      expect(first.headers['content-disposition']).toBe(`attachment; filename="accounting-${example.caseId}-1.pdf"`);
      expect(Buffer.compare(first.body, second.body)).toBe(0);
      keepToLookAt('worked-example-settled.pdf', first.body);
      const text = await pdfText(first.body);
      expect(text).not.toContain('DRAFT');
      expect(text).toContain('FIRST ACCOUNT AND REPORT OF EXECUTOR');
      expect(text).toContain('462,406.20');
      await t.http().get(`${example.base}/accountings/1?format=pdf`).set(owner.auth).set('If-None-Match', '*').expect(304);

      // What the paper names beside the account is frozen with it: a hearing set after settlement reaches the live
      // account's PDF, never the settled one's bytes (its ETag says it is immutable, §16.7).
      await t.http().patch(`${example.base}/probate`).set(owner.auth).send({ next_hearing_date: '2026-09-14', hearing_time: '08:30', hearing_department: '11' }).expect(200);
      const later = await t.http().get(`${example.base}/accountings/1?format=pdf`).set(owner.auth).buffer(true).parse(binary).expect(200);
      expect(later.headers.etag).toBe(`"${id}.ca.pdf"`);
      expect(Buffer.compare(later.body, first.body)).toBe(0);
      const live = await pdfText((await t.http().get(`${example.base}/accounting?format=pdf`).set(owner.auth).buffer(true).parse(binary).expect(200)).body);
      expect(live).toContain('Dept. 11');
      expect(text).not.toContain('Dept. 11');
      await t.http().patch(`${example.base}/probate`).set(owner.auth).send({ next_hearing_date: null, hearing_time: null, hearing_department: null }).expect(200);
    });

    it('lists accounting 1 as its summary, its fields in the summary’s order; sequence is no sort (created_at order is sequence order)', async () => {
      const page = await t.http().get(`${example.base}/accountings`).set(owner.auth).expect(200);
      expect(Object.keys(page.body.data[0])).toEqual(['id', 'sequence', 'from', 'to', 'is_final', 'scheme', 'summary', 'created_at', 'created_by']);
      const bySequence = await t.http().get(`${example.base}/accountings?sort_by=sequence`).set(owner.auth);
      expectError(bySequence, 400, 'bad_request');
      expect(detailFields(bySequence)).toEqual(['sort_by']);
    });

    it('the second account starts 2026-07-01 with accounting 1’s ending property, line for line, and counts nothing twice', async () => {
      const live = (await t.http().get(`${example.base}/accounting`).set(owner.auth).expect(200)).body.data;
      expect(live).toMatchObject({ from: '2026-07-01', to: TODAY });
      expect(live.schedules.property_on_hand_beginning.total).toBe(323706.2);
      expect(live.schedules.property_on_hand_beginning.lines.map((line: any) => [line.id, line.carry_value])).toEqual([
        [example.checking, 0],
        [example.estate, 323706.2],
      ]);
      expect(live.summary).toMatchObject({ charges: { receipts: 0, gains_on_sales: 0, total: 323706.2 }, credits: { disbursements: 0, distributions: 0, total: 323706.2 }, balanced: true });
      // Today, the estate account is reported at its current balance (the pay lowered it to 323,706.20).
      expect(live.cash_reconciliation[1]).toMatchObject({ opening: 323706.2, closing: 323706.2, reported_balance: 323706.2, reported_source: 'current_balance', reconciled: true });
      // Re-reading the first period live uses no settled accounting.
      const again = (await t.http().get(`${example.base}/accounting?from=2026-01-10&to=2026-06-30`).set(owner.auth).expect(200)).body.data;
      expect(again.summary.charges.total).toBe(462406.2);
      const title = await pdfText((await t.http().get(`${example.base}/accounting?format=pdf`).set(owner.auth).buffer(true).parse(binary).expect(200)).body);
      expect(title).toContain('SECOND ACCOUNT AND REPORT OF EXECUTOR');
    });

    it('records on accounting 1’s ending property cannot be deleted (409 invalid_state naming it); what it no longer carries can', async () => {
      for (const path of [`bank-accounts/${example.estate}`, `bank-accounts/${example.checking}`]) {
        const res = await t.http().delete(`${example.base}/${path}`).set(owner.auth);
        expectError(res, 409, 'invalid_state');
        expect(res.body.error.details).toEqual([{ field: 'accounting:1', message: expect.stringContaining('settled accounting 1'), reason: 'conflict' }]);
      }
      expect(await t.sql('select id from bank_accounts where case_id = $1', [example.caseId])).toHaveLength(2);
      // The house was sold within accounting 1: it is on no ending property.
      await t.http().delete(`${example.base}/real-estate-properties/${example.house}`).set(owner.auth).expect(204);
    });

    it('settles accounting 2 through today; then only it can be deleted, If-Match matching any of its ETags; its flows are counted again', async () => {
      const second = await t.http().post(`${example.base}/accountings`).set(owner.auth).send({ to: TODAY, scheme: 'ny' }).expect(201);
      expect(second.body.data).toMatchObject({ sequence: 2, from: '2026-07-01', to: TODAY, scheme: 'ny' });
      expect(second.headers.etag).toBe(`"${second.body.data.id}.ny.json"`);

      const older = await t.http().delete(`${example.base}/accountings/1`).set(owner.auth);
      expectError(older, 409, 'invalid_state');
      expect(detailFields(older)).toEqual(['accounting:1']);
      expect(await accountingRows(example.caseId)).toHaveLength(2);

      await t.http().delete(`${example.base}/accountings/2`).set(owner.auth).set('If-Match', `"${second.body.data.id}.ca.pdf"`).expect(204);
      expect(await accountingRows(example.caseId)).toEqual([{ sequence: 1, is_final: false }]);
      const [deleted] = await eventsOf(example.caseId, 'accounting.deleted');
      expect(deleted.data.object).toMatchObject({ id: second.body.data.id, sequence: 2, scheme: 'ny' });
      await t.http().get(`${example.base}/accountings/2`).set(owner.auth).expect(404);
      expect((await t.http().get(`${example.base}/accounting`).set(owner.auth).expect(200)).body.data.from).toBe('2026-07-01');
    });

    it('the final account, once City Hospital’s claim is resolved; after it, POST is 409 invalid_state', async () => {
      const settledJson = (await t.http().get(`${example.base}/accountings/1`).set(owner.auth).expect(200)).text;
      const settledCsv = (await t.http().get(`${example.base}/accountings/1?format=csv`).set(owner.auth).expect(200)).text;
      await t.http().patch(`${example.base}/probate/creditor-claims/${example.cityHospital}`).set(owner.auth).send({ status: 'rejected' }).expect(200);
      await t.http().patch(`${example.base}/executor`).set(owner.auth).send({ bond_amount: 300000 }).expect(200);
      // Accounting 1's report was computed when it was settled: the claim rejected and the bond raised since never reach it.
      expect((await t.http().get(`${example.base}/accountings/1`).set(owner.auth).expect(200)).text).toBe(settledJson);
      expect((await t.http().get(`${example.base}/accountings/1?format=csv`).set(owner.auth).expect(200)).text).toBe(settledCsv);
      const final = await t.http().post(`${example.base}/accountings`).set(owner.auth).send({ to: TODAY, is_final: true }).expect(201);
      expect(final.body.data).toMatchObject({ sequence: 2, is_final: true });
      // The final account's report: closable, the base through today still 462,406.20 (the second account added nothing).
      expect(final.body.data.report).toMatchObject({
        claims: { totals: { filed: 4350, allowed: 3200, rejected: 1150, paid: 3200 } },
        compensation: { base: 462406.2, personal_representative: { amount: 12248.12 }, attorney: { amount: 12248.12 } },
        bond: { status: 'posted', amount: 300000 },
        closing: { closable: true, property_on_hand_end: 323706.2, obstacles: [] },
      });
      const text = await pdfText((await t.http().get(`${example.base}/accountings/2?format=pdf`).set(owner.auth).buffer(true).parse(binary).expect(200)).body);
      expect(text).toContain('SECOND AND FINAL ACCOUNT AND REPORT OF EXECUTOR');
      const after = await t.http().post(`${example.base}/accountings`).set(owner.auth).send({ to: TODAY });
      expectError(after, 409, 'invalid_state');
      expect(detailFields(after)).toEqual(['accounting:2']);
      expect(await accountingRows(example.caseId)).toEqual([
        { sequence: 1, is_final: false },
        { sequence: 2, is_final: true },
      ]);
    });

    it('a database trigger refuses any UPDATE of a settled accounting', async () => {
      await expect(t.sql(`update accountings set is_final = true where case_id = $1 and sequence = 1`, [example.caseId])).rejects.toThrow(/never changes/);
      await expect(t.sql(`update accountings set document = '{}' where case_id = $1`, [example.caseId])).rejects.toThrow(/never changes/);
      expect(await accountingRows(example.caseId)).toEqual([
        { sequence: 1, is_final: false },
        { sequence: 2, is_final: true },
      ]);
    });
  });

  describe('the paper (contract-extensions §16.10): a California pleading, and words a person would write on every PDF', () => {
    /** The PDF's text, its whitespace folded, and the number of pages its footers count. */
    async function paperText(path: string): Promise<{ raw: string; text: string; pages: number }> {
      const raw = await pdfText((await t.http().get(path).set(owner.auth).buffer(true).parse(binary).expect(200)).body);
      const pages = Number(/page 1 of (\d+)/.exec(raw)?.[1] ?? 0);
      return { raw, text: raw.replace(/\s+/g, ' '), pages };
    }

    /** What every PDF must say and must not (dates in words, no codes, every letter, the payee, the reconciliation, the report last). */
    function expectWordsAPersonWouldWrite(text: string, letters: string[]): void {
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      for (const code of ['estate_account', 'single_family', 'date_of_death_value', 'other_receipt', 'creditor_claims', 'sale_expenses', 'real_estate_property', 'asset_proceeds']) {
        expect({ code, found: text.includes(code) }).toEqual({ code, found: false });
      }
      expect(text).not.toMatch(/\btransactions\b/);
      expect(text).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
      expect(text).toContain('January 31, 2026');
      const at = letters.map((letter) => text.indexOf(`SCHEDULE ${letter}:`));
      expect(at.every((index) => index >= 0)).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
      for (const letter of ['E', 'H', 'L']) expect(text.slice(at[letters.indexOf(letter)])).toMatch(new RegExp(`^SCHEDULE ${letter}: [A-Za-z ()]+ None\\.`));
      // Interest without a merchant: paid by the bank that holds the account, not by "Interest".
      expect(text.slice(at[letters.indexOf('C')], at[letters.indexOf('D')])).toMatch(/First Bank INTEREST PAYMENT/);
      expect(text).toContain('First Bank checking account: not reconciled: no bank statement for June 30, 2026.');
      expect(text).toContain('First Bank estate account: reconciled with the bank statement for June 30, 2026 (323,706.20).');
      expect(text).not.toContain('Every bank account reconciles');
      const report = text.search(/REPORT OF EXECUTOR Creditors’ claims/);
      expect(report).toBeGreaterThan(at[at.length - 1]);
      expect(text.slice(report)).toMatch(/City Hospital/);
      expect(text.indexOf('VERIFICATION')).toBeGreaterThan(report);
    }

    const CA_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M'];

    it('California with an attorney of record and a hearing: 28 numbered lines on every page, the attorney block, the court from line 8, the boxed title, the footer', async () => {
      const example = await workedExample();
      await put(owner, `${example.base}/probate`, {
        state: 'CA',
        probate_type: 'formal',
        county_fips: '06037',
        case_number: '26STPB00123',
        next_hearing_date: '2026-08-04',
        hearing_time: '08:30',
        hearing_department: '11',
        attorney: {
          name: 'Dana Reyes',
          firm: 'Okafor & Reyes LLP',
          bar_number: '284117',
          email: 'dana.reyes@okaforreyes.example',
          phone: '+1 213 555 0172',
          address: { address1: '350 S Grand Ave', address2: 'Suite 2100', city: 'Los Angeles', state: 'CA', zip: '90071' },
        },
      });
      const settled = (await t.http().post(`${example.base}/accountings`).set(owner.auth).send({ to: '2026-06-30' }).expect(201)).body.data;
      const path = `${example.base}/accountings/${settled.sequence}?format=pdf`;
      const bytes = (await t.http().get(path).set(owner.auth).buffer(true).parse(binary).expect(200)).body as Buffer;
      keepToLookAt('worked-example-attorney-settled.pdf', bytes);
      const { raw, text, pages } = await paperText(path);
      expect(pages).toBeGreaterThan(1);
      const lines = raw.split('\n').map((line) => line.trim());
      for (let number = 1; number <= 28; number += 1) {
        expect({ number, pages: lines.filter((line) => line === String(number)).length }).toEqual({ number, pages });
      }
      for (const expected of [
        'Dana Reyes (State Bar No. 284117)',
        'Okafor & Reyes LLP',
        '350 S Grand Ave',
        'Suite 2100',
        'Los Angeles, CA 90071',
        'Telephone: +1 213 555 0172',
        'E-mail: dana.reyes@okaforreyes.example',
        'Attorney for Jane Doe, Executor',
        'SUPERIOR COURT OF CALIFORNIA, COUNTY OF LOS ANGELES',
        'Estate of John Doe, Deceased.',
        'Case No. 26STPB00123',
        'FIRST ACCOUNT AND REPORT OF EXECUTOR',
        'Hearing: August 4, 2026 8:30 a.m. Dept. 11',
        'For the period January 10, 2026 through June 30, 2026',
        `page ${pages} of ${pages}`,
        `Case ${example.caseId}`,
        'I declare under penalty of perjury under the laws of the State of California that the foregoing is true and correct.',
        '(printed name)',
      ]) {
        expect({ expected, found: text.includes(expected) }).toEqual({ expected, found: true });
      }
      // The footer names the paper on every page.
      expect(raw.split('FIRST ACCOUNT AND REPORT OF EXECUTOR').length - 1).toBeGreaterThanOrEqual(pages);
      expect(text).not.toContain('in pro per');
      expectWordsAPersonWouldWrite(text, CA_LETTERS);
      expect(text).toContain('Cal. Prob. Code §10800');
      expect(text).toContain('12,248.12');
    });

    it('California without an attorney: the executor’s own block, in pro per', async () => {
      const example = await workedExample();
      await put(owner, `${example.base}/executor`, { first_name: 'Jane', last_name: 'Doe', role: 'executor', phone: '+1 626 555 0110', email: 'jane.doe@example.com', address: { address1: '40 Oak Avenue', city: 'Pasadena', state: 'CA', zip: '91101' } });
      const { text } = await paperText(`${example.base}/accounting?to=2026-06-30&format=pdf`);
      for (const expected of ['Jane Doe', '40 Oak Avenue', 'Pasadena, CA 91101', 'Telephone: +1 626 555 0110', 'E-mail: jane.doe@example.com', 'Executor, in pro per', 'at Pasadena, California.']) {
        expect({ expected, found: text.includes(expected) }).toEqual({ expected, found: true });
      }
      expect(text).not.toContain('Attorney for');
    });

    it('Illinois: §16.8’s layout, the state by name, a verification citing no California law', async () => {
      const example = await workedExample({ state: 'IL' });
      const { raw, text } = await paperText(`${example.base}/accounting?to=2026-06-30&format=pdf`);
      expect(text).toContain('State of Illinois');
      expect(text).toContain('First Account and Report of Executor');
      expect(raw.split('\n').map((line) => line.trim())).not.toContain('28');
      const verification = text.slice(text.indexOf('VERIFICATION'));
      expect(verification).toContain('I declare under penalty of perjury that the foregoing is true and correct.');
      expect(verification).not.toMatch(/California|Cal\. |State of IL\b/);
      expect(text).not.toMatch(/State of [A-Z]{2}\b/);
      expectWordsAPersonWouldWrite(text, CA_LETTERS);
    });
  });

  describe('accounts that do not balance or do not reconcile', () => {
    it('the sale as one net deposit: difference 27,000.00 explained by a proceeds_mismatch; settling refused with that item', async () => {
      const { base, house, caseId } = await workedExample({ net: true });
      const data = (await t.http().get(`${base}/accounting?to=2026-06-30`).set(owner.auth).expect(200)).body.data;
      expect(data.schedules.disbursements.total).toBe(11700);
      expect(data.summary).toMatchObject({ charges: { total: 462406.2 }, credits: { total: 435406.2 }, balanced: false, difference: 27000 });
      expect(data.unreconciled).toEqual([
        { kind: 'proceeds_mismatch', related_type: 'real_estate_property', related_id: house, date: '2026-05-15', expected: 450000, recorded: 423000, effect: 27000, message: expect.any(String) },
      ]);
      const refused = await t.http().post(`${base}/accountings`).set(owner.auth).send({ to: '2026-06-30' });
      expectError(refused, 422, 'accounting_not_allowed');
      expect(refused.body.error.details).toEqual([{ field: 'unreconciled[0]', message: expect.stringContaining('proceeds_mismatch (effect 27000.00)'), reason: 'rule' }]);
      expect(await accountingRows(caseId)).toEqual([]);
      const pdf = await pdfText((await t.http().get(`${base}/accounting?to=2026-06-30&format=pdf`).set(owner.auth).buffer(true).parse(binary).expect(200)).body);
      expect(pdf).toContain('Total charges differ from total credits by 27,000.00');
      expect(pdf).toContain('UNRECONCILED ITEMS');
    });

    it('a statement of 323,700.00: balanced but not reconciled (balance_mismatch, effect 0.00), and it may be settled, saying so', async () => {
      const { base, estate } = await workedExample({ statementClosing: 323700 });
      const data = (await t.http().get(`${base}/accounting?to=2026-06-30`).set(owner.auth).expect(200)).body.data;
      expect(data.summary).toMatchObject({ balanced: true, difference: 0, reconciled: false });
      expect(data.unreconciled).toEqual([expect.objectContaining({ kind: 'balance_mismatch', related_id: estate, expected: 323700, recorded: 323706.2, effect: 0 })]);
      const settled = await t.http().post(`${base}/accountings`).set(owner.auth).send({ to: '2026-06-30' }).expect(201);
      expect(settled.body.data.summary.reconciled).toBe(false);
    });

    it('two settlements at once: the case lock lets one through (201); the other then finds its period taken (422), one row', async () => {
      const { base, caseId } = await workedExample();
      const answers = await Promise.all([1, 2].map(() => t.http().post(`${base}/accountings`).set(owner.auth).send({ to: '2026-06-30' })));
      expect(answers.map((res) => res.status).sort()).toEqual([201, 422]);
      expect(answers.find((res) => res.status === 422)?.body.error.code).toBe('accounting_period_invalid');
      expect(await accountingRows(caseId)).toEqual([{ sequence: 1, is_final: false }]);
    });

    it('a New York probate case is lettered as JA-7 by default', async () => {
      const { base } = await workedExample({ state: 'NY' });
      const data = (await t.http().get(`${base}/accounting?to=2026-06-30`).set(owner.auth).expect(200)).body.data;
      expect(data.scheme).toBe('ny');
      expect(data.schedules.gains_on_sales.schedule).toBe('A-1');
    });
  });

  describe('errors and access', () => {
    let example: Example;

    beforeAll(async () => {
      example = await workedExample();
    });

    it('400 for a malformed date, scheme or format, naming the parameter; 400 for an unknown parameter', async () => {
      for (const [query, field] of [
        ['from=2026-02-30', 'from'],
        ['to=yesterday', 'to'],
        ['scheme=tx', 'scheme'],
        ['format=xml', 'format'],
      ] as const) {
        const live = await t.http().get(`${example.base}/accounting?${query}`).set(owner.auth);
        expectError(live, 400, 'bad_request');
        expect(detailFields(live)).toEqual([field]);
      }
      for (const query of ['scheme=tx', 'format=docx']) expectError(await t.http().get(`${example.base}/accountings/1?${query}`).set(owner.auth), 400, 'bad_request');
      expectError(await t.http().get(`${example.base}/accounting?as_of=2026-06-30`).set(owner.auth), 400, 'bad_request');
    });

    it('422 accounting_period_invalid: to after today, to before from, from neither the date of death nor the day after a settled to', async () => {
      const cases: Array<[string, string[]]> = [
        [`to=${dayAfter(TODAY)}`, ['to']],
        ['from=2026-01-10&to=2026-01-09', ['to']],
        ['from=2026-01-11&to=2026-06-30', ['from']],
      ];
      for (const [query, fields] of cases) {
        const res = await t.http().get(`${example.base}/accounting?${query}`).set(owner.auth);
        expectError(res, 422, 'accounting_period_invalid');
        expect(detailFields(res)).toEqual(fields);
      }
      const future = await t.http().post(`${example.base}/accountings`).set(owner.auth).send({ to: dayAfter(TODAY) });
      expectError(future, 422, 'accounting_period_invalid');
      const beforeDeath = await t.http().post(`${example.base}/accountings`).set(owner.auth).send({ to: '2026-01-09' });
      expectError(beforeDeath, 422, 'accounting_period_invalid');
      expect(beforeDeath.body.error.message).toBe('to (2026-01-09) is before the date of death (2026-01-10), where the first accounting starts');
      // With `from` sent, the refusal speaks of it.
      expect((await t.http().get(`${example.base}/accounting?from=2026-01-10&to=2026-01-09`).set(owner.auth)).body.error.message).toBe('to (2026-01-09) must not be before from (2026-01-10)');
      expect(await accountingRows(example.caseId)).toEqual([]);
    });

    it('422 date_of_death_required without a deceased, on the live account and on settling; nothing written', async () => {
      const bare = (await created(owner, '/v1/cases', {})).id;
      const live = await t.http().get(`/v1/cases/${bare}/accounting`).set(owner.auth);
      expectError(live, 422, 'date_of_death_required');
      expect(detailFields(live)).toEqual(['date_of_death']);
      expectError(await t.http().post(`/v1/cases/${bare}/accountings`).set(owner.auth).send({ to: '2026-06-30' }), 422, 'date_of_death_required');
      expect(await accountingRows(bare)).toEqual([]);
    });

    it('404 for a sequence that is not its number written as an integer (0, 01, 1.0, one, -1, past 9 digits), on GET and DELETE', async () => {
      await t.http().post(`${example.base}/accountings`).set(owner.auth).send({ to: '2026-06-30' }).expect(201);
      for (const sequence of ['0', '01', '1.0', 'one', '-1', '99999999999']) {
        expectError(await t.http().get(`${example.base}/accountings/${sequence}`).set(owner.auth), 404, 'not_found');
        expectError(await t.http().delete(`${example.base}/accountings/${sequence}`).set(owner.auth), 404, 'not_found');
      }
      expect(await accountingRows(example.caseId)).toHaveLength(1);
    });

    it('the live account of another organization’s case is 404, of an unknown one too', async () => {
      for (const caseId of [example.caseId, UNKNOWN_CASE_ID]) expectError(await t.http().get(`/v1/cases/${caseId}/accounting`).set(stranger.auth), 404, 'not_found');
    });

    it('a viewer reads every format and is 403 on POST and DELETE; an editor settles and deletes', async () => {
      const seat = async (role: 'viewer' | 'editor'): Promise<TestCaller> => {
        const caller = await t.invite('pro');
        await t.sql(
          `insert into collaborators (id, case_id, organization_id, email, role, status, user_id, invitation_expires_at, accepted_at, created_at, updated_at)
           select $1, $2, $3, email, $4, 'accepted', id, now() + interval '7 days', now(), now(), now() from users where id = $5`,
          [`01JACCT${role.toUpperCase().padEnd(19, '0')}`.slice(0, 26), example.caseId, owner.organizationId, role, caller.userId],
        );
        return caller;
      };
      const viewer = await seat('viewer');
      const editor = await seat('editor');
      for (const format of ['json', 'csv', 'pdf']) {
        await t.http().get(`${example.base}/accounting?format=${format}`).set(viewer.auth).expect(200);
        await t.http().get(`${example.base}/accountings/1?format=${format}`).set(viewer.auth).expect(200);
      }
      await t.http().get(`${example.base}/accountings`).set(viewer.auth).expect(200);
      expectError(await t.http().post(`${example.base}/accountings`).set(viewer.auth).send({ to: TODAY }), 403, 'forbidden');
      expectError(await t.http().delete(`${example.base}/accountings/1`).set(viewer.auth), 403, 'forbidden');
      expect(await accountingRows(example.caseId)).toHaveLength(1);
      const settled = await t.http().post(`${example.base}/accountings`).set(editor.auth).send({ to: TODAY }).expect(201);
      expect(settled.body.data.created_by).toBe(editor.userId);
      await t.http().delete(`${example.base}/accountings/2`).set(editor.auth).expect(204);
    });
  });

  it('the demo case’s first account, filed as the README shows: balanced, settled, its PDF uploaded as a court filing and named by an accounting filing', async () => {
    const baseUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    const demo = await prepareDemo(t.app.get(EntityManager), baseUrl);
    const auth = { Authorization: `Bearer ${demo.token}` };
    const base = `/v1/cases/${demo.caseId}`;
    const live = (await t.http().get(`${base}/accounting?to=2026-10-31`).set(auth).expect(200)).body.data;
    expect(live).toMatchObject({ from: '2026-08-30', to: '2026-10-31', caption: { state: 'IL', case_number: '2026-PR-000417', estate_name: 'Estate of Eleanor May Whitfield', fiduciary_name: 'Robert Whitfield' } });
    expect(live.summary).toMatchObject({ balanced: true, difference: 0, charges: { property_on_hand_beginning: 24750, receipts: 12.4, total: 24762.4 }, credits: { disbursements: 6835, property_on_hand_end: 17927.4, total: 24762.4 } });
    // One truth for cash (contract §3.2): the estate account reads what its ledger holds; the checking account what its bank reported.
    const accounts = (await t.http().get(`${base}/bank-accounts`).set(auth).expect(200)).body.data as Array<Record<string, unknown>>;
    expect(accounts.map((account) => [account.is_estate_account, account.current_balance, account.available_balance]).sort()).toEqual([[false, 0, 0], [true, 11427.4, 11427.4]]);
    const settled = (await t.http().post(`${base}/accountings`).set(auth).send({ to: '2026-10-31' }).expect(201)).body.data;
    const pdf = (await t.http().get(`${base}/accountings/${settled.sequence}?format=pdf`).set(auth).buffer(true).parse(binary).expect(200)).body as Buffer;
    keepToLookAt('demo-settled.pdf', pdf);
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    expect(text).toContain('State of Illinois');
    expect(text).toContain('For the period August 30, 2026 through October 31, 2026');
    expect(text).toContain('Illini Savings Bank estate account: not reconciled: no bank statement for October 31, 2026.');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}|\b[a-z]+_[a-z_]+\b|State of IL\b/);
    expect(text.slice(text.indexOf('VERIFICATION'))).not.toMatch(/California/);
    const document = await t
      .http()
      .post(`${base}/documents`)
      .set(auth)
      .field('type', 'court_filing')
      .field('title', 'First Account and Report of Executor')
      .attach('file', pdf, { filename: `accounting-${demo.caseId}-1.pdf`, contentType: 'application/pdf' })
      .expect(201);
    const filing = await t
      .http()
      .post(`${base}/probate/filings`)
      .set(auth)
      .send({ filing_type: 'accounting', title: 'First Account and Report of Executor', document_ids: [document.body.data.id] })
      .expect(201);
    expect(filing.body.data).toMatchObject({ filing_type: 'accounting', status: 'draft', document_ids: [document.body.data.id] });
  });

  it('webhook endpoints accept exactly accounting.created, accounting.deleted and accounting.*', async () => {
    const url = 'https://hooks.example.com/accounting';
    for (const events of [['accounting.created'], ['accounting.deleted'], ['accounting.*']]) {
      const res = await t.http().post('/v1/webhook-endpoints').set(owner.auth).send({ url, enabled_events: events });
      expect({ events, status: res.status }).toEqual({ events, status: 201 });
    }
    for (const events of [['accounting.updated'], ['accounting.status_changed'], ['accountings.*']]) {
      const res = await t.http().post('/v1/webhook-endpoints').set(owner.auth).send({ url, enabled_events: events });
      expectError(res, 422, 'validation_error');
      expect(detailFields(res)).toEqual(['enabled_events[0]']);
    }
  });
});
