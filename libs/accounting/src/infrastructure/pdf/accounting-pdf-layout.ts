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
import type { AccountingCategory } from '@estate/assets';
import type { ReportClaim, StatutoryCompensation } from '../../domain/accounting-report';
import type { AccountingPaper, AccountingPdfRequest, PaperParty } from '../../application/ports/accounting-pdf.port';
import {
  bankAccountWords,
  CARRY_SOURCE_WORDS,
  CATEGORY_WORDS,
  dateInWords,
  DISTRIBUTION_KIND_WORDS,
  LIABILITY_KIND_WORDS,
  liabilityWords,
  plainWords,
  PROPERTY_KIND_WORDS,
  REPORTED_SOURCE_WORDS,
  timeInWords,
  UNRECONCILED_KIND_WORDS,
} from './accounting-pdf-words';

/**
 * Contract-extensions §16.8 and §16.10: the pdfmake document of a court account, from its JSON document and the paper
 * it is filed as. A California case's is a pleading (Rules of Court 2.100–2.119: 12-point type on 28 numbered lines,
 * the party block on lines 1–7, the court from line 8, the boxed case title, the paper's title in every footer);
 * every other state's keeps §16.8's layout. Then the summary of account (California §1061's form under `ca`, JA-7's
 * summary statement under `ny`), every schedule letter of the scheme in order (an empty one reading "None"), the cash
 * reconciliation, any unreconciled items, the report and an unsigned verification. Dates in words, states by name,
 * no code of the API: the words are in accounting-pdf-words.ts. A pure function of its request.
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

const money = (amount: number | null, extra: Record<string, unknown> = {}): Cell => ({ text: amountText(amount), alignment: 'right', noWrap: true, ...extra });
const bold = (text: string, extra: Record<string, unknown> = {}): Cell => ({ text, bold: true, ...extra });
const flagged = (priorPeriod: boolean): string => (priorPeriod ? ' *' : '');

/** A table whose header row repeats on every page it runs over; an empty one reads "None." */
function table(widths: Array<string | number>, header: string[], rows: Cell[][], footer: Cell[][] = []): Node {
  const head = header.map((title, index) => ({ text: title, style: 'tableHeader', alignment: index === header.length - 1 || /amount|value|proceeds|total/i.test(title) ? 'right' : 'left' }));
  const empty: Cell[][] = rows.length === 0 ? [[{ text: 'None.', italics: true, colSpan: header.length }, ...header.slice(1).map(() => '')]] : [];
  return { table: { headerRows: 1, dontBreakRows: true, widths, body: [head, ...rows, ...empty, ...footer] }, layout: 'lightHorizontalLines', margin: [0, 2, 0, 8] };
}

/** A footer row: a label across the first columns, the amount in the last. */
function totalRow(columns: number, label: string, amount: number | null): Cell[] {
  return [{ text: label, bold: true, colSpan: columns - 1 }, ...Array.from({ length: columns - 2 }, () => ''), money(amount, { bold: true })];
}

/** A line's text and, beneath it in smaller type, what else it says. */
const withNote = (text: string, note: string | null): Cell => (note ? { stack: [text, { text: note, style: 'note' }] } : text);

function propertyTable(schedule: ScheduleJson<PropertyLineJson>, label: string, dated: boolean, total: number): Node {
  const rows = schedule.lines.map((line) => [
    ...(dated ? [dateInWords(line.date)] : []),
    withNote(plainWords(line.description), line.reference ? `Ref. ${line.reference}` : null),
    PROPERTY_KIND_WORDS[line.kind],
    CARRY_SOURCE_WORDS[line.carry_source],
    money(line.carry_value),
  ]);
  const header = [...(dated ? ['Date'] : []), 'Description', 'Kind', 'Carried at', 'Carry value'];
  const widths = [...(dated ? [82] : []), '*', 78, 82, 78];
  return table(widths, header, rows, [totalRow(header.length, `Total ${label}`, total)]);
}

/** The institution each carried bank account is held at, by account id (from its reconciliation row). */
type Institutions = ReadonlyMap<string, string>;

function transactionTable(lines: readonly TransactionLineJson[], label: string, total: number, institutions: Institutions, subtotals: Array<{ category: string; total: number }> = []): Node {
  const rows = lines.map((line) => {
    // No merchant: the payee is the description (`INTEREST PAYMENT`); the one who paid or was paid is the account's bank.
    const merchantless = line.payee === line.description;
    const payee = merchantless ? (institutions.get(line.account_id) ?? line.payee) : line.payee;
    return [dateInWords(line.date), withNote(`${payee}${flagged(line.prior_period)}`, line.description !== payee ? plainWords(line.description) : null), CATEGORY_WORDS[line.category], money(line.amount)];
  });
  const footer = [
    ...subtotals.map((subtotal) => totalRow(4, `Subtotal: ${CATEGORY_WORDS[subtotal.category as AccountingCategory] ?? plainWords(subtotal.category)}`, subtotal.total)),
    totalRow(4, `Total ${label}`, total),
  ];
  return table([82, '*', 110, 78], ['Date', 'Payee', 'Category', 'Amount'], rows, footer);
}

function disposalTable(schedule: ScheduleJson<DisposalLineJson>, label: string): Node {
  const rows = schedule.lines.map((line) => [dateInWords(line.date), `${plainWords(line.description)}${flagged(line.prior_period)}`, money(line.proceeds), money(line.carry_value), money(line.amount)]);
  return table([82, '*', 72, 72, 72], ['Date', 'Property', 'Proceeds', 'Carry value', 'Amount'], rows, [totalRow(5, `Total ${label}`, schedule.total)]);
}

function distributionTable(schedule: ScheduleJson<DistributionLineJson>): Node {
  const rows = schedule.lines.map((line) => [
    dateInWords(line.date),
    withNote(`${line.recipient_name ?? 'Unnamed recipient'}${flagged(line.prior_period)}`, plainWords(line.description)),
    `${DISTRIBUTION_KIND_WORDS[line.kind]}${line.distribution_type ? `, ${plainWords(line.distribution_type)}` : ''}`,
    money(line.value_at_distribution),
    money(line.amount),
  ]);
  return table([82, '*', 90, 72, 72], ['Date', 'Recipient', 'Kind', 'Value at distribution', 'Amount'], rows, [totalRow(5, 'Total distributions', schedule.total)]);
}

function liabilityTable(schedule: ScheduleJson<LiabilityLineJson>): Node {
  const rows = schedule.lines.map((line) => [LIABILITY_KIND_WORDS[line.kind], withNote(liabilityWords(line), line.reference ? `Ref. ${line.reference}` : null), money(line.amount)]);
  return table([90, '*', 90], ['Kind', 'Description', 'Amount'], rows, [totalRow(3, 'Total liabilities (memo)', schedule.total)]);
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
function partTable(document: AccountingDocumentJson, part: SchemePart, institutions: Institutions): Node {
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
      return transactionTable(lines, label, partTotal(document, part), institutions, subtotals);
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

/** "{First|Second|…} [and Final] Account and Report of {role}": the paper's title. */
export function paperTitle(document: AccountingDocumentJson, ordinal: number): string {
  return `${ordinalWord(ordinal)}${document.is_final ? ' and Final' : ''} Account and Report of ${roleTitle(document.caption.fiduciary_role)}`;
}

const BLANK = '____________________';

/** §16.8's caption, for every state but California: court, county and state by name, case, fiduciary. */
function caption(document: AccountingDocumentJson, ordinal: number, paper: AccountingPaper): Node[] {
  const { caption: c } = document;
  const role = roleTitle(c.fiduciary_role);
  const place = [c.county_name ? `County of ${c.county_name}` : null, paper.stateName ? `State of ${paper.stateName}` : null].filter(Boolean).join(', ');
  return [
    { text: (c.court_name ?? 'Probate Court').toUpperCase(), style: 'court' },
    ...(place ? [{ text: place, alignment: 'center', margin: [0, 0, 0, 10] }] : []),
    {
      columns: [
        { width: '*', stack: [`In the Matter of the ${c.estate_name ?? `Estate of ${BLANK}`}, Deceased.`, { text: `Date of death: ${c.date_of_death ? dateInWords(c.date_of_death) : '__________'}`, margin: [0, 4, 0, 0] }] },
        { width: 190, stack: [`Case No. ${c.case_number ?? BLANK}`, { text: `${role}: ${c.fiduciary_name ?? BLANK}`, margin: [0, 4, 0, 0] }, ...hearingLine(paper)] },
      ],
      margin: [0, 0, 0, 12],
    },
    { text: paperTitle(document, ordinal), style: 'title' },
    { text: periodLine(document), alignment: 'center', margin: [0, 0, 0, 12] },
  ];
}

const periodLine = (document: AccountingDocumentJson): string => `For the period ${dateInWords(document.from)} through ${dateInWords(document.to)}`;

/** "Hearing: {date} {time} Dept. {department}", when a hearing is set. */
function hearingLine(paper: AccountingPaper): Node[] {
  const { date, time, department } = paper.hearing;
  if (!date) return [];
  return [{ text: ['Hearing:', dateInWords(date), time ? timeInWords(time) : null, department ? `Dept. ${department}` : null].filter(Boolean).join(' '), margin: [0, 4, 0, 0] }];
}

/**
 * Rules of Court 2.111: lines 1–7 of the first page, the attorney's block (name and State Bar number, firm, address,
 * telephone, e-mail, whom they appear for), or the fiduciary's own block, in pro per. Each entry is one numbered line.
 */
function partyBlock(document: AccountingDocumentJson, paper: AccountingPaper): string[] {
  const { caption: c } = document;
  const role = roleTitle(c.fiduciary_role);
  const fiduciaryName = c.fiduciary_name ?? paper.fiduciary?.name ?? BLANK;
  const party = paper.attorney ?? paper.fiduciary;
  const contact = (who: PaperParty | null): string[] => [
    ...(who?.addressLines.length ? [who.addressLines.slice(0, -1).join(', '), who.addressLines[who.addressLines.length - 1]] : [BLANK]),
    `Telephone: ${who?.phone ?? BLANK}`,
    ...(who?.email ? [`E-mail: ${who.email}`] : []),
  ];
  const lines = paper.attorney
    ? [
        `${paper.attorney.name}${paper.attorney.barNumber ? ` (State Bar No. ${paper.attorney.barNumber})` : ''}`,
        ...(paper.attorney.firm ? [paper.attorney.firm] : []),
        ...contact(paper.attorney),
        `Attorney for ${fiduciaryName}, ${role}`,
      ]
    : [fiduciaryName, ...contact(party), `${role}, in pro per`];
  return lines.slice(0, 7);
}

/** Points between two numbered lines of pleading paper (Rules of Court 2.108: double spacing of 12-point type). */
const PLEADING_LINE = 24;
/** Where line 1 starts, and the left and right rules and where the numbers sit. */
const PLEADING_TOP = 72;
const PLEADING_LEFT = 100;
const PLEADING_RIGHT = 54;
/** Roboto's line box is 1.171875 em: this line height puts one line of 12-point text on each numbered line. */
const ON_THE_LINES = PLEADING_LINE / (12 * 1.171875);

/** The first page of a California pleading: party block on lines 1–7, the court from line 8, the boxed case title. */
function pleadingCaption(document: AccountingDocumentJson, ordinal: number, paper: AccountingPaper): Node[] {
  const { caption: c } = document;
  const block = partyBlock(document, paper);
  const blockLines = [...block, ...Array.from({ length: 7 - block.length }, () => ' ')];
  const left: Node = {
    stack: [`${c.estate_name ?? `Estate of ${BLANK}`}, Deceased.`, ...(c.date_of_death ? [{ text: `Date of death: ${dateInWords(c.date_of_death)}`, style: 'note' }] : [])],
    margin: [0, 0, 6, 6],
  };
  const right: Node = {
    stack: [`Case No. ${c.case_number ?? BLANK}`, { text: paperTitle(document, ordinal).toUpperCase(), bold: true, margin: [0, 6, 0, 0] }, ...hearingLine(paper)],
    margin: [6, 0, 0, 6],
  };
  return [
    { stack: blockLines.map((line) => ({ text: line, lineHeight: ON_THE_LINES })), margin: [0, 0, 0, 0] },
    { text: (c.court_name ?? 'Superior Court of California').toUpperCase(), alignment: 'center', bold: true, lineHeight: ON_THE_LINES },
    { text: ' ', lineHeight: ON_THE_LINES },
    {
      table: { widths: ['*', '*'], body: [[left, right]] },
      layout: {
        hLineWidth: (index: number) => (index === 1 ? 1 : 0),
        vLineWidth: (index: number) => (index === 1 ? 1 : 0),
        paddingTop: () => 0,
        paddingBottom: () => 6,
      },
      margin: [0, 0, 0, PLEADING_LINE],
    },
    { text: periodLine(document), alignment: 'center', lineHeight: ON_THE_LINES },
    { text: ' ', lineHeight: ON_THE_LINES },
  ];
}

/** The line numbers 1–28 and the rules of pleading paper, behind every page (Rules of Court 2.108). */
function pleadingPaper(_page: number, size: { width: number; height: number }): Node {
  const rule = (x: number): Record<string, unknown> => ({ type: 'line', x1: x, y1: 0, x2: x, y2: size.height, lineWidth: 0.6, lineColor: '#555555' });
  return {
    stack: [
      { canvas: [rule(PLEADING_LEFT - 14), rule(PLEADING_LEFT - 11), rule(size.width - PLEADING_RIGHT + 10)], absolutePosition: { x: 0, y: 0 } },
      {
        columns: [{ width: 30, stack: Array.from({ length: 28 }, (_, index) => ({ text: String(index + 1), alignment: 'right', lineHeight: ON_THE_LINES, fontSize: 12 })) }],
        absolutePosition: { x: PLEADING_LEFT - 52, y: PLEADING_TOP },
      },
    ],
  };
}

const CASH_COMPONENT_WORDS: Readonly<Record<(typeof CASH_COMPONENTS)[number], string>> = {
  opening: 'Opening balance',
  receipts: 'Receipts',
  proceeds: 'Proceeds of sales',
  transfers_in: 'Transfers in',
  property_received: 'Property received',
  disbursements: 'Disbursements',
  distributions: 'Distributions',
  transfers_out: 'Transfers out',
  closing: 'Closing balance (ledger)',
  reported_balance: 'Reported by the bank',
};

/** What is true of one account's reconciliation, in a sentence (§16.10): reconciled, not, or with nothing to reconcile with. */
function reconciliationSentence(document: AccountingDocumentJson, row: CashReconciliationJson): string {
  const account = bankAccountWords(row.description).account;
  if (row.reported_balance === null) return `${account}: not reconciled: no bank statement for ${dateInWords(document.to)}.`;
  const source = row.reported_source === 'statement' ? `the bank statement for ${dateInWords(document.to)}` : `the ${REPORTED_SOURCE_WORDS.current_balance} its bank reports`;
  return row.reconciled
    ? `${account}: reconciled with ${source} (${amountText(row.reported_balance)}).`
    : `${account}: does not reconcile: ${source} says ${amountText(row.reported_balance)}, the ledger closes at ${amountText(row.closing)}.`;
}

/** The summary's word on the bank accounts: one sentence when each reconciles with a bank report, else one per account. */
function reconciliationSentences(document: AccountingDocumentJson): Node[] {
  const rows = document.cash_reconciliation;
  if (rows.length === 0) return [{ text: 'No bank account is carried.', style: 'paragraph' }];
  if (rows.every((row) => row.reported_balance !== null && row.reconciled)) return [{ text: 'Every bank account reconciles with what its bank reports.', style: 'paragraph' }];
  return [{ ul: rows.map((row) => reconciliationSentence(document, row)), style: 'paragraph' }];
}

/** The summary of account: §1061's charges and credits under `ca`; JA-7's summary statement, section by section, under `ny`. */
function summary(document: AccountingDocumentJson): Node[] {
  const { schedules, summary: s } = document;
  const heading = (key: ScheduleKey): string => SCHEME_SECTIONS.ca.flatMap((section) => section.parts).find((part) => part.key === key)?.heading ?? key;
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
    { table: { headerRows: 0, widths: [40, '*', 110], body: rows }, layout: 'lightHorizontalLines', margin: [0, 2, 0, 6] },
    ...(document.scheme === 'ny'
      ? [{ table: { widths: [40, '*', 110], body: [['', bold('Total charges'), money(s.charges.total, { bold: true })], ['', bold('Total credits'), money(s.credits.total, { bold: true })]] }, layout: 'noBorders' }]
      : []),
    { text: balance, bold: true, style: 'paragraph', margin: [0, 4, 0, 4] },
    ...reconciliationSentences(document),
  ];
}

/** The institutions of the carried bank accounts, by id: the payee of a line its bank wrote without a merchant. */
function institutionsOf(document: AccountingDocumentJson): Institutions {
  return new Map(document.cash_reconciliation.map((row) => [row.account_id, bankAccountWords(row.description).institution]));
}

function schedulesContent(document: AccountingDocumentJson): Node[] {
  const institutions = institutionsOf(document);
  return SCHEME_SECTIONS[document.scheme].flatMap((section, index) => [
    { text: `SCHEDULE ${section.letter}: ${section.heading}`, style: 'heading', ...(index === 0 ? { pageBreak: 'before' } : {}) },
    ...(section.parts.length === 0 ? [{ text: 'None.', italics: true, margin: [0, 0, 0, 8] } as Node] : []),
    ...section.parts.flatMap((part) => [
      ...(section.parts.length > 1 ? [{ text: `${part.heading}${part.memo ? ' (memo)' : ''}`, style: 'subheading' } as Node] : []),
      partTable(document, part, institutions),
    ]),
  ]);
}

function cashReconciliation(document: AccountingDocumentJson): Node[] {
  const letter = CASH_RECONCILIATION_LETTER[document.scheme];
  const rowsOf = (row: CashReconciliationJson): Cell[][] => [
    ...CASH_COMPONENTS.filter((component) => component !== 'reported_balance').map((component): Cell[] => [CASH_COMPONENT_WORDS[component], money(row[component])]),
    [
      CASH_COMPONENT_WORDS.reported_balance,
      row.reported_balance === null ? { text: 'none', alignment: 'right' } : withNote(amountText(row.reported_balance), row.reported_source ? REPORTED_SOURCE_WORDS[row.reported_source] : null),
    ],
    [{ text: reconciliationSentence(document, row), bold: true, colSpan: 2 }, ''],
  ];
  return [
    { text: `${letter ? `SCHEDULE ${letter}: ` : ''}CASH RECONCILIATION`, style: 'heading' },
    ...(document.cash_reconciliation.length === 0 ? [{ text: 'No bank account is carried.', italics: true } as Node] : []),
    ...document.cash_reconciliation.flatMap((row): Node[] => [
      { text: bankAccountWords(row.description).account, style: 'subheading' },
      { table: { headerRows: 0, dontBreakRows: true, widths: [200, 130], body: rowsOf(row) }, layout: 'lightHorizontalLines', margin: [0, 2, 0, 8] },
    ]),
  ];
}

function unreconciled(document: AccountingDocumentJson): Node[] {
  if (document.unreconciled.length === 0) return [];
  const rows = document.unreconciled.map((item) => [
    withNote(`${UNRECONCILED_KIND_WORDS[item.kind]}${item.date ? `, ${dateInWords(item.date)}` : ''}`, plainWords(item.message)),
    money(item.expected),
    money(item.recorded),
    money(item.effect),
  ]);
  return [{ text: 'UNRECONCILED ITEMS', style: 'heading' }, table(['*', 72, 72, 72], ['Item', 'Expected', 'Recorded', 'Effect'], rows)];
}

/**
 * The verification, unsigned, with the place of execution and the printed name. California's declaration under its
 * laws for a California case; elsewhere a neutral one citing no state's law, unless the reference file names the
 * state's account statute.
 */
function verification(document: AccountingDocumentJson, paper: AccountingPaper): Node[] {
  const { caption: c } = document;
  const role = roleTitle(c.fiduciary_role).toLowerCase();
  const name = c.fiduciary_name ?? paper.fiduciary?.name ?? BLANK;
  const statute = paper.accountStatute ? `, made under ${paper.accountStatute},` : '';
  const under = c.state === 'CA' ? ' under the laws of the State of California' : '';
  return [
    { text: 'VERIFICATION', style: 'heading', pageBreak: 'before' },
    {
      text:
        `I, ${name}, am the ${role} of the ${c.estate_name ?? 'estate'}. I have read the foregoing account and report${statute} and know its contents. ` +
        'The matters stated in it are true of my own knowledge, except as to matters stated on information and belief, and as to those matters I believe them to be true.',
      style: 'paragraph',
    },
    { text: `I declare under penalty of perjury${under} that the foregoing is true and correct.`, style: 'paragraph' },
    { text: `Executed on ______________________ at ${paper.placeOfExecution ?? `______________________${paper.stateName ? `, ${paper.stateName}` : ''}`}.`, style: 'paragraph', margin: [0, 0, 0, 24] },
    {
      columns: [
        { width: '*', stack: [{ text: name }, { text: '(printed name)', style: 'note' }] },
        { width: 220, stack: [{ text: '________________________________', alignment: 'center' }, { text: `(signature of the ${role})`, style: 'note', alignment: 'center' }] },
      ],
    },
  ];
}

/** The pdfmake document definition of one accounting: a California pleading for a California case, else §16.8's layout. */
export function accountingPdfDefinition({ document, caseId, ordinal, paper }: AccountingPdfRequest): Record<string, unknown> {
  const live = document.status === 'live';
  const pleading = document.caption.state === 'CA';
  const createdAt = new Date((live ? document.computed_at : document.created_at) ?? 0);
  const title = paperTitle(document, ordinal);
  const draft = { text: 'DRAFT — not settled', alignment: 'center', bold: true, color: '#b00000', margin: [0, 20, 0, 0] };
  return {
    pageSize: 'LETTER',
    pageMargins: pleading ? [PLEADING_LEFT, PLEADING_TOP, PLEADING_RIGHT + 18, 60] : [54, 54, 54, 54],
    info: {
      title: `${ordinalWord(ordinal)} account, ${document.caption.estate_name ?? 'estate'}, ${document.from} to ${document.to}`,
      subject: `Court accounting of case ${caseId}`,
      creator: 'Estate Desk',
      producer: 'Estate Desk',
      creationDate: createdAt,
    },
    ...(live ? { header: draft } : {}),
    ...(pleading ? { background: pleadingPaper } : {}),
    footer: (page: number, pages: number) =>
      pleading
        ? {
            stack: [
              { text: `page ${page} of ${pages}`, alignment: 'center', fontSize: 10 },
              { canvas: [{ type: 'line', x1: 0, y1: 2, x2: 612 - PLEADING_LEFT - PLEADING_RIGHT - 18, y2: 2, lineWidth: 0.6 }] },
              { text: title.toUpperCase(), alignment: 'center', fontSize: 10, margin: [0, 2, 0, 0] },
              { text: `Case ${caseId}`, alignment: 'right', fontSize: 6, color: '#666666' },
            ],
            margin: [PLEADING_LEFT, 6, PLEADING_RIGHT + 18, 0],
          }
        : {
            columns: [
              { stack: [`${title}${document.caption.case_number ? ` · Case No. ${document.caption.case_number}` : ''}`, { text: `Case ${caseId}`, fontSize: 6, color: '#666666' }], fontSize: 7 },
              { text: `page ${page} of ${pages}`, alignment: 'right', fontSize: 7 },
            ],
            margin: [54, 20, 54, 0],
          },
    content: [
      ...(live && !pleading ? [{ text: 'DRAFT — not settled', style: 'draft' }] : []),
      ...(pleading ? pleadingCaption(document, ordinal, paper) : caption(document, ordinal, paper)),
      ...summary(document),
      ...schedulesContent(document),
      ...cashReconciliation(document),
      ...unreconciled(document),
      ...reportContent(document),
      { text: '* counted in this account, dated before its period (entered or changed after the account that covered its date).', style: 'note', italics: true, margin: [0, 8, 0, 0] },
      ...verification(document, paper),
    ],
    defaultStyle: pleading ? { font: 'Roboto', fontSize: 12 } : { font: 'Roboto', fontSize: 8.5 },
    styles: pleading
      ? {
          draft: { fontSize: 14, bold: true, color: '#b00000', alignment: 'center' },
          court: { fontSize: 12, bold: true, alignment: 'center' },
          title: { fontSize: 12, bold: true, alignment: 'center' },
          heading: { fontSize: 12, bold: true, margin: [0, 12, 0, 6] },
          subheading: { fontSize: 12, bold: true, margin: [0, 6, 0, 2] },
          tableHeader: { bold: true },
          note: { fontSize: 12, color: '#333333' },
          // Rules of Court 2.108: running text double-spaced, one line of text on each numbered line.
          paragraph: { lineHeight: ON_THE_LINES },
        }
      : {
          draft: { fontSize: 14, bold: true, color: '#b00000', alignment: 'center', margin: [0, 0, 0, 8] },
          court: { fontSize: 11, bold: true, alignment: 'center' },
          title: { fontSize: 13, bold: true, alignment: 'center' },
          heading: { fontSize: 10, bold: true, margin: [0, 8, 0, 4] },
          subheading: { fontSize: 9, bold: true, margin: [0, 4, 0, 2] },
          tableHeader: { bold: true },
          note: { fontSize: 7.5, color: '#333333' },
          paragraph: { margin: [0, 0, 0, 6] },
        },
  };
}

const CLAIM_STATUS_WORDS: Readonly<Record<ReportClaim['status'], string>> = { pending: 'pending', accepted: 'allowed', rejected: 'rejected', paid: 'paid', withdrawn: 'withdrawn' };
const BOND_STATUS_WORDS: Readonly<Record<string, string>> = { not_required: 'not required', waived: 'waived', required: 'required, not yet posted', posted: 'posted' };

function compensationLine(who: string, compensation: StatutoryCompensation): Cell[] {
  const basis = [compensation.citation, compensation.note].filter(Boolean).join('; ');
  return [withNote(who, basis), compensation.amount === null ? { text: 'fixed by the court', alignment: 'right', italics: true } : money(compensation.amount)];
}

/**
 * The Report of "Account and Report" (§16.10; Cal. Prob. Code §1064, Rules of Court 7.550), after the schedules: the
 * creditor claims, the statutory compensation on the estate accounted for, the bond and whether the estate can be
 * closed. Nothing on an accounting settled before the report existed.
 */
function reportContent(document: AccountingDocumentJson): Node[] {
  const report = document.report;
  if (!report) return [];
  const role = roleTitle(document.caption.fiduciary_role);
  const { claims, compensation, bond, closing } = report;
  const claimRows = claims.lines.map((claim): Cell[] => [
    withNote(claim.creditor, `filed ${dateInWords(claim.claim_date)}`),
    money(claim.amount),
    withNote(CLAIM_STATUS_WORDS[claim.status] ?? plainWords(claim.status), claim.resolution_date ? dateInWords(claim.resolution_date) : null),
    money(claim.resolution_amount),
  ]);
  const claimTotals: Cell[][] = [
    totalRow(4, 'Total filed', claims.totals.filed),
    totalRow(4, 'Total allowed', claims.totals.allowed),
    totalRow(4, 'Total rejected', claims.totals.rejected),
    totalRow(4, 'Total paid', claims.totals.paid),
  ];
  const bondText = bond
    ? [
        `The ${role.toLowerCase()}'s bond is ${BOND_STATUS_WORDS[bond.status] ?? plainWords(bond.status)}`,
        bond.amount === null ? null : ` in the amount of ${amountText(bond.amount)}`,
        bond.surety ? `, with ${bond.surety} as surety` : null,
        bond.bond_number ? ` (bond no. ${bond.bond_number})` : null,
        '.',
      ]
        .filter(Boolean)
        .join('')
    : 'No bond is recorded.';
  const closingText = closing.closable
    ? `The estate is in a condition to be closed: no claim is open, no distribution is pending, and nothing remains but the property on hand at the end of the account (${amountText(closing.property_on_hand_end)}).`
    : 'The estate is not yet in a condition to be closed:';
  return [
    { text: `REPORT OF ${role.toUpperCase()}`, style: 'heading', pageBreak: 'before' },
    { text: 'Creditors’ claims', style: 'subheading' },
    table(['*', 80, 90, 80], ['Creditor', 'Amount claimed', 'Status', 'Amount allowed or paid'], claimRows, claimRows.length === 0 ? [] : claimTotals),
    { text: 'Compensation', style: 'subheading' },
    {
      table: {
        headerRows: 0,
        widths: ['*', 110],
        body: [
          ['Estate accounted for (the base of the statutory compensation)', money(compensation.base)],
          compensationLine(`${role}'s statutory compensation`, compensation.personal_representative),
          compensationLine("Attorney's statutory compensation", compensation.attorney),
        ],
      },
      layout: 'lightHorizontalLines',
      margin: [0, 2, 0, 8],
    },
    { text: 'Bond', style: 'subheading' },
    { text: bondText, style: 'paragraph' },
    { text: 'Closing', style: 'subheading' },
    { text: closingText, style: 'paragraph' },
    ...(closing.obstacles.length > 0 ? [{ ul: closing.obstacles.map((obstacle) => `${plainWords(obstacle.message)}.`), style: 'paragraph' } as Node] : []),
  ];
}
