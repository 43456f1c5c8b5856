import { centsOf, sumCents } from '@estate/shared-kernel/domain';
import type {
  AccountingDocumentJson,
  CashReconciliationJson,
  CategorisedScheduleJson,
  DisposalLineJson,
  DistributionLineJson,
  LiabilityLineJson,
  PropertyLineJson,
  ScheduleJson,
  TransactionLineJson,
} from '../../domain/accounting-document';
import { CASH_COMPONENTS } from '../../domain/accounting-csv';
import { CHARGE_KEYS, CREDIT_KEYS, type ScheduleKey } from '../../domain/accounting-lines';
import { CASH_RECONCILIATION_LETTER, SCHEME_SECTIONS, type SchemePart } from '../../domain/accounting-schemes';
import type { AccountingPdfRequest } from '../../application/ports/accounting-pdf.port';

/**
 * Contract-extensions §16.8: the pdfmake document of a court account, from its JSON document. Caption, title with the
 * period, the summary of account (California §1061's form under `ca`, JA-7's summary statement under `ny`), each
 * schedule as a table whose header repeats on every page (category subtotals, total), the memos, the cash
 * reconciliation, any unreconciled items and an unsigned verification; every page's footer says "page n of m" and the
 * case. A pure function of its request: the renderer turns it into bytes.
 */

type Node = Record<string, unknown> | string;
type Cell = Record<string, unknown> | string;

const ORDINALS = ['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth', 'Ninth', 'Tenth', 'Eleventh', 'Twelfth'];

/** `First`, `Second` … `Twelfth`, then `13th`, `21st`… */
export function ordinalWord(n: number): string {
  if (n >= 1 && n <= ORDINALS.length) return ORDINALS[n - 1];
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** `1,234.56`; negative amounts keep their sign (the changes-in-form memo). */
export function amountText(amount: number | null): string {
  if (amount === null) return '—';
  const cents = centsOf(amount) ?? 0n;
  const negative = cents < 0n;
  const absolute = negative ? -cents : cents;
  const whole = (absolute / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${whole}.${(absolute % 100n).toString().padStart(2, '0')}`;
}

/** `administrator_with_will_annexed` → `Administrator with Will Annexed`. */
export function roleTitle(role: string | null): string {
  if (!role) return 'Personal Representative';
  const small = new Set(['with', 'of', 'and']);
  return role
    .split('_')
    .map((word, index) => (index > 0 && small.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

const words = (key: string): string => key.replace(/_/g, ' ');
const money = (amount: number | null, extra: Record<string, unknown> = {}): Cell => ({ text: amountText(amount), alignment: 'right', noWrap: true, ...extra });
const bold = (text: string, extra: Record<string, unknown> = {}): Cell => ({ text, bold: true, ...extra });
const flagged = (priorPeriod: boolean): string => (priorPeriod ? ' *' : '');

/** A table whose header row repeats on every page it runs over. */
function table(widths: Array<string | number>, header: string[], rows: Cell[][], footer: Cell[][] = []): Node {
  const head = header.map((title, index) => ({ text: title, style: 'tableHeader', alignment: index === header.length - 1 || /amount|value|proceeds|total/i.test(title) ? 'right' : 'left' }));
  const empty: Cell[][] = rows.length === 0 ? [[{ text: 'None.', italics: true, colSpan: header.length }, ...header.slice(1).map(() => '')]] : [];
  return { table: { headerRows: 1, dontBreakRows: true, widths, body: [head, ...rows, ...empty, ...footer] }, layout: 'lightHorizontalLines', margin: [0, 2, 0, 8] };
}

/** A footer row: a label across the first columns, the amount in the last. */
function totalRow(columns: number, label: string, amount: number | null): Cell[] {
  return [{ text: label, bold: true, colSpan: columns - 1 }, ...Array.from({ length: columns - 2 }, () => ''), money(amount, { bold: true })];
}

function propertyTable(schedule: ScheduleJson<PropertyLineJson>, label: string, dated: boolean, total: number): Node {
  const rows = schedule.lines.map((line) => [
    ...(dated ? [line.date ?? ''] : []),
    words(line.kind),
    line.description,
    line.reference ?? '',
    words(line.carry_source),
    money(line.carry_value),
  ]);
  const header = [...(dated ? ['Date'] : []), 'Kind', 'Description', 'Reference', 'Carried at', 'Carry value'];
  const widths = [...(dated ? [52] : []), 70, '*', 70, 70, 70];
  return table(widths, header, rows, [totalRow(header.length, `Total ${label}`, total)]);
}

function transactionTable(lines: readonly TransactionLineJson[], label: string, total: number, subtotals: Array<{ category: string; total: number }> = []): Node {
  const rows = lines.map((line) => [line.date, `${line.payee}${flagged(line.prior_period)}`, words(line.category), money(line.amount)]);
  const footer = [...subtotals.map((subtotal) => totalRow(4, `Subtotal ${words(subtotal.category)}`, subtotal.total)), totalRow(4, `Total ${label}`, total)];
  return table([52, '*', 110, 80], ['Date', 'Payee', 'Category', 'Amount'], rows, footer);
}

function disposalTable(schedule: ScheduleJson<DisposalLineJson>, label: string): Node {
  const rows = schedule.lines.map((line) => [line.date, `${line.description}${flagged(line.prior_period)}`, money(line.proceeds), money(line.carry_value), money(line.amount)]);
  return table([52, '*', 75, 75, 75], ['Date', 'Property', 'Proceeds', 'Carry value', 'Amount'], rows, [totalRow(5, `Total ${label}`, schedule.total)]);
}

function distributionTable(schedule: ScheduleJson<DistributionLineJson>): Node {
  const rows = schedule.lines.map((line) => [
    line.date,
    `${line.recipient_name ?? 'Unnamed recipient'}${flagged(line.prior_period)}`,
    `${words(line.kind)}${line.distribution_type ? `, ${words(line.distribution_type)}` : ''}`,
    line.description,
    money(line.value_at_distribution),
    money(line.amount),
  ]);
  return table([52, 90, 80, '*', 70, 70], ['Date', 'Recipient', 'Kind', 'Description', 'Value at distribution', 'Amount'], rows, [totalRow(6, 'Total distributions', schedule.total)]);
}

function liabilityTable(schedule: ScheduleJson<LiabilityLineJson>): Node {
  const rows = schedule.lines.map((line) => [words(line.kind), line.description, line.reference ?? '', money(line.amount)]);
  return table([60, '*', 80, 80], ['Kind', 'Description', 'Reference', 'Amount'], rows, [totalRow(4, 'Total liabilities (memo)', schedule.total)]);
}

/** The figure of one printed part: a whole schedule, or (under `ny`'s C and D) the disbursements of some categories. */
function partTotal(document: AccountingDocumentJson, part: SchemePart): number {
  const schedule = document.schedules[part.key];
  if (part.categories === undefined) return schedule.total;
  const subtotals = 'by_category' in schedule ? schedule.by_category : [];
  const cents = sumCents(subtotals.filter((subtotal) => part.categories?.includes(subtotal.category)).map((subtotal) => centsOf(subtotal.total) ?? 0n));
  return Number(cents) / 100;
}

/** The table of one printed part. */
function partTable(document: AccountingDocumentJson, part: SchemePart): Node {
  const { schedules } = document;
  const label = part.heading.toLowerCase();
  switch (part.key) {
    case 'property_on_hand_beginning':
    case 'property_on_hand_end':
      return propertyTable(schedules[part.key], label, false, schedules[part.key].total);
    case 'additional_property_received':
      return propertyTable(schedules[part.key], label, true, schedules[part.key].total);
    case 'receipts':
    case 'disbursements':
    case 'changes_in_form': {
      const schedule = schedules[part.key] as ScheduleJson<TransactionLineJson> & Partial<Pick<CategorisedScheduleJson, 'by_category'>>;
      const lines = part.categories ? schedule.lines.filter((line) => part.categories?.includes(line.category)) : schedule.lines;
      const subtotals = (schedule.by_category ?? []).filter((subtotal) => !part.categories || part.categories.includes(subtotal.category));
      return transactionTable(lines, label, partTotal(document, part), subtotals);
    }
    case 'gains_on_sales':
    case 'losses_on_sales':
      return disposalTable(schedules[part.key], label);
    case 'distributions':
      return distributionTable(schedules.distributions);
    case 'liabilities':
      return liabilityTable(schedules.liabilities);
  }
}

function caption(document: AccountingDocumentJson, ordinal: number): Node[] {
  const { caption: c } = document;
  const role = roleTitle(c.fiduciary_role);
  const title = `${ordinalWord(ordinal)}${document.is_final ? ' and Final' : ''} Account and Report of ${role}`;
  return [
    { text: (c.court_name ?? 'Probate Court').toUpperCase(), style: 'court' },
    { text: [c.county_name ? `County of ${c.county_name}` : null, c.state].filter(Boolean).join(', '), alignment: 'center', margin: [0, 0, 0, 10] },
    {
      columns: [
        { width: '*', stack: [`In the Matter of the ${c.estate_name ?? 'Estate of ____________________'}, Deceased.`, { text: `Date of death: ${c.date_of_death ?? '__________'}`, margin: [0, 4, 0, 0] }] },
        { width: 170, stack: [`Case No. ${c.case_number ?? '____________________'}`, { text: `${role}: ${c.fiduciary_name ?? '____________________'}`, margin: [0, 4, 0, 0] }] },
      ],
      margin: [0, 0, 0, 12],
    },
    { text: title, style: 'title' },
    { text: `For the period ${document.from} through ${document.to}`, alignment: 'center', margin: [0, 0, 0, 12] },
  ];
}

/** The summary of account: §1061's charges and credits under `ca`; JA-7's summary statement, section by section, under `ny`. */
function summary(document: AccountingDocumentJson): Node[] {
  const { schedules, summary: s } = document;
  const heading = (key: ScheduleKey): string => SCHEME_SECTIONS.ca.flatMap((section) => section.parts).find((part) => part.key === key)?.heading ?? words(key);
  const figure = (key: ScheduleKey, amount: number): Cell[] => [schedules[key].schedule, heading(key), money(amount)];
  const rows: Cell[][] =
    document.scheme === 'ca'
      ? [
          [bold('CHARGES', { colSpan: 3 }), '', ''],
          ...CHARGE_KEYS.map((key) => figure(key, s.charges[key])),
          ['', bold('Total charges'), money(s.charges.total, { bold: true })],
          [bold('CREDITS', { colSpan: 3 }), '', ''],
          ...CREDIT_KEYS.map((key) => figure(key, s.credits[key])),
          ['', bold('Total credits'), money(s.credits.total, { bold: true })],
        ]
      : SCHEME_SECTIONS.ny.flatMap((section) =>
          section.parts.map((part, index): Cell[] => [index === 0 ? section.letter : '', part.heading, money(partTotal(document, part))]),
        );
  const balance = s.balanced ? 'Total charges equal total credits.' : `Total charges differ from total credits by ${amountText(s.difference)}; see the unreconciled items.`;
  return [
    { text: document.scheme === 'ca' ? 'SUMMARY OF ACCOUNT' : 'SUMMARY STATEMENT', style: 'heading' },
    { table: { headerRows: 0, widths: [40, '*', 100], body: rows }, layout: 'lightHorizontalLines', margin: [0, 2, 0, 6] },
    ...(document.scheme === 'ny'
      ? [{ table: { widths: [40, '*', 100], body: [['', bold('Total charges'), money(s.charges.total, { bold: true })], ['', bold('Total credits'), money(s.credits.total, { bold: true })]] }, layout: 'noBorders' }]
      : []),
    { text: balance, bold: true, margin: [0, 4, 0, 4] },
    { text: s.reconciled ? 'Every bank account reconciles with what its bank reports.' : 'Not every bank account reconciles with what its bank reports; see the cash reconciliation.', margin: [0, 0, 0, 4] },
  ];
}

function schedulesContent(document: AccountingDocumentJson): Node[] {
  return SCHEME_SECTIONS[document.scheme].flatMap((section, index) => [
    { text: `SCHEDULE ${section.letter}: ${section.heading}`, style: 'heading', ...(index === 0 ? { pageBreak: 'before' } : {}) },
    ...section.parts.flatMap((part) => [
      ...(section.parts.length > 1 ? [{ text: `${part.heading}${part.memo ? ' (memo)' : ''}`, style: 'subheading' } as Node] : []),
      partTable(document, part),
    ]),
  ]);
}

function cashReconciliation(document: AccountingDocumentJson): Node[] {
  const letter = CASH_RECONCILIATION_LETTER[document.scheme];
  const rowsOf = (row: CashReconciliationJson): Cell[][] => [
    ...CASH_COMPONENTS.map((component): Cell[] => [words(component), money(row[component])]),
    ['reported by', row.reported_source ? words(row.reported_source) : 'no report for the period end'],
    [bold('reconciled'), bold(row.reconciled ? 'yes' : 'no')],
  ];
  return [
    { text: `${letter ? `SCHEDULE ${letter}: ` : ''}CASH RECONCILIATION`, style: 'heading' },
    ...(document.cash_reconciliation.length === 0 ? [{ text: 'No bank account is carried.', italics: true } as Node] : []),
    ...document.cash_reconciliation.flatMap((row): Node[] => [
      { text: row.description, style: 'subheading' },
      { table: { headerRows: 0, widths: [160, 100], body: rowsOf(row) }, layout: 'lightHorizontalLines', margin: [0, 2, 0, 8] },
    ]),
  ];
}

function unreconciled(document: AccountingDocumentJson): Node[] {
  if (document.unreconciled.length === 0) return [];
  const rows = document.unreconciled.map((item) => [words(item.kind), item.date ?? '', money(item.expected), money(item.recorded), money(item.effect), item.message]);
  return [{ text: 'UNRECONCILED ITEMS', style: 'heading' }, table([80, 52, 60, 60, 60, '*'], ['Item', 'Date', 'Expected', 'Recorded', 'Effect', 'Why'], rows)];
}

function verification(document: AccountingDocumentJson): Node[] {
  const { caption: c } = document;
  const role = roleTitle(c.fiduciary_role).toLowerCase();
  return [
    { text: 'VERIFICATION', style: 'heading', pageBreak: 'before' },
    {
      text:
        `I, ${c.fiduciary_name ?? '____________________'}, am the ${role} of the ${c.estate_name ?? 'estate'}. I have read the foregoing account and report ` +
        `and know its contents. I declare under penalty of perjury under the laws of the State of ${c.state ?? '__________'} that the foregoing is true and correct.`,
      margin: [0, 4, 0, 24],
    },
    { columns: [{ text: 'Date: ______________________' }, { text: '________________________________\nSignature', alignment: 'center' }] },
  ];
}

/** The pdfmake document definition of one accounting. */
export function accountingPdfDefinition({ document, caseId, ordinal }: AccountingPdfRequest): Record<string, unknown> {
  const live = document.status === 'live';
  const createdAt = new Date((live ? document.computed_at : document.created_at) ?? 0);
  return {
    pageSize: 'LETTER',
    pageMargins: [54, 54, 54, 54],
    info: {
      title: `${ordinalWord(ordinal)} account, ${document.caption.estate_name ?? 'estate'}, ${document.from} to ${document.to}`,
      subject: `Court accounting of case ${caseId}`,
      creator: 'Estate Desk',
      producer: 'Estate Desk',
      creationDate: createdAt,
    },
    ...(live ? { header: { text: 'DRAFT — not settled', alignment: 'center', bold: true, color: '#b00000', margin: [0, 20, 0, 0] } } : {}),
    footer: (page: number, pages: number) => ({
      columns: [{ text: `Case ${caseId}`, fontSize: 7 }, { text: `page ${page} of ${pages}`, alignment: 'right', fontSize: 7 }],
      margin: [54, 20, 54, 0],
    }),
    content: [
      ...(live ? [{ text: 'DRAFT — not settled', style: 'draft' }] : []),
      ...caption(document, ordinal),
      ...summary(document),
      ...schedulesContent(document),
      ...cashReconciliation(document),
      ...unreconciled(document),
      { text: '* counted in this account, dated before its period (entered or changed after the account that covered its date).', fontSize: 7, italics: true, margin: [0, 8, 0, 0] },
      ...verification(document),
    ],
    defaultStyle: { font: 'Roboto', fontSize: 8.5 },
    styles: {
      draft: { fontSize: 14, bold: true, color: '#b00000', alignment: 'center', margin: [0, 0, 0, 8] },
      court: { fontSize: 11, bold: true, alignment: 'center' },
      title: { fontSize: 13, bold: true, alignment: 'center' },
      heading: { fontSize: 10, bold: true, margin: [0, 8, 0, 4] },
      subheading: { fontSize: 9, bold: true, margin: [0, 4, 0, 2] },
      tableHeader: { bold: true },
    },
  };
}
