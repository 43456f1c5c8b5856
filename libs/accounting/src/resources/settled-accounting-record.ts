import { ApiProperty } from '@nestjs/swagger';
import { field, type FieldMap, type FieldValues, recordShape, serializeRecord, toSnakeCase } from '@estate/shared-kernel';
import type { AccountingPaper } from '../application/ports/accounting-pdf.port';
import type { AccountingDocumentJson } from '../domain/accounting-document';
import type { Counted } from '../domain/accounting-period';
import { ACCOUNTING_SCHEMES } from '../domain/accounting-schemes';
import { AccountingSummaryTotalsView } from './accounting-summary-totals';

/** A JSON column the record keeps and never presents nor takes (its document, what it counted): typed by its domain type, described by no class. */
const storedJson = <T extends object>() => () => Object as unknown as new () => T;

/**
 * A settled accounting (contract-extensions §16.7), its fields declared once: numbered 1, 2, 3… per case, frozen when
 * settled. The table refuses `UPDATE` (a trigger), so there is no `updated_at` nor `version` (`timestamps: false`,
 * `versioned: false`): its `created_at` is a
 * field of its own, where its column stands. `POST …/accountings` sends the written fields (`to`, `is_final`,
 * `scheme`); the server computes the others. `summary` is the document's, kept beside it so that a list reads no
 * document; the document and what it counted are stored, never presented as the record (the document is the
 * settled accounting's own representation).
 */
const SETTLED_ACCOUNTING_FIELDS = {
  sequence: field.integer({ readOnly: true, required: true, description: 'Its number: 1 for the first account.', example: 1, view: { type: 'integer', minimum: 1 } }),
  from: field.date({ readOnly: true, required: true, column: { fieldName: 'from_date' }, description: 'First day of the period.', example: '2026-01-10' }),
  to: field.date({
    required: true,
    column: { fieldName: 'to_date' },
    description: 'Last day of the account: not after today, not before its first day (the date of death, or the day after the last settled account).',
    example: '2026-08-20',
    view: { description: 'Last day of the period.', example: '2026-06-30' },
  }),
  // Sent or not, the use case stores it (false when left out), so the column has no default: the kind's (false) is
  // taken away; `as never` keeps the kind's type (never null).
  isFinal: field.boolean({
    default: undefined as never,
    column: { nullable: false },
    description: 'The final account (default false): needs every creditor claim paid, rejected or withdrawn and no distribution planned or approved.',
    example: false,
    view: { required: true, nullable: false, description: 'The final account.' },
  }),
  // The founding table's varchar(2), its check of the values in the committed migration.
  scheme: field.enum(ACCOUNTING_SCHEMES, {
    plainColumn: true,
    column: { length: 2, nullable: false },
    description: 'Lettering: ca (California §1061) or ny (New York JA-7). Default: ny when the probate case is in New York, else ca.',
    example: 'ca',
    view: { required: true, nullable: false, description: 'The scheme it was settled in.' },
  }),
  summary: field.object(() => AccountingSummaryTotalsView, { readOnly: true, required: true, description: 'Its summary of account.' }),
  document: field.object(storedJson<AccountingDocumentJson>(), { hidden: true, required: true }),
  counted: field.object(storedJson<Counted>(), { hidden: true, required: true }),
  // What its PDF names beside the account (the attorney or the executor in pro per, the hearing, the state), as they
  // stood when it was settled: the PDF of a settled accounting is as immutable as its ETag says (§16.7). `null` on
  // the accountings settled before the PDF named them, whose PDF reads them when asked for.
  paper: field.object(storedJson<AccountingPaper>(), { hidden: true }),
  createdAt: field.dateTime({ readOnly: true, required: true, description: 'When it was settled (UTC).', example: '2026-07-05T10:00:00.000Z' }),
  createdBy: field.string({ readOnly: true, required: true, max: 26, description: 'The user who settled it.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AF', view: { type: String } }),
};

/** A settled accounting as the store holds it: its key, its case, its declared fields. */
export type SettledAccountingRecord = { id: string; caseId: string } & FieldValues<typeof SETTLED_ACCOUNTING_FIELDS>;

/**
 * `accountings`: the whole record; the POST's body is its written fields (`SettleAccountingBody`). Its collection is
 * `/v1/cases/{case_id}/accountings`, listed by `created_at` alone (its order is `sequence` order) with no filter, each
 * settled accounting addressed by its `sequence`; a list presents the record (its visible fields: `AccountingSummaryView`),
 * a create and a read of one answer its stored `document` (`SettledAccountingView`), which carries them among its own.
 */
export const settledAccountingRecord = recordShape<typeof SETTLED_ACCOUNTING_FIELDS, SettledAccountingRecord>({
  name: 'settled accounting',
  typeName: 'settled accounting record',
  table: 'accountings',
  path: 'accountings',
  itemKey: 'sequence',
  itemDocument: 'document',
  filters: {},
  sorts: ['created_at'],
  timestamps: false,
  versioned: false,
  patchable: false,
  fields: SETTLED_ACCOUNTING_FIELDS,
});

const { document: _document, counted: _counted, paper: _paper, ...LISTED } = SETTLED_ACCOUNTING_FIELDS;

/** A settled accounting as a list reads it: the same fields but the document and what it counted. */
export type AccountingSummaryRecord = { id: string; caseId: string } & FieldValues<typeof LISTED>;

/** The view `accounting_summaries` (the founding migration's): the table's columns but the document and what it counted. */
export const accountingSummaryRecord = recordShape<typeof LISTED, AccountingSummaryRecord>({
  name: 'accounting summary',
  typeName: 'accounting summary row',
  table: 'accounting_summaries',
  timestamps: false,
  versioned: false,
  patchable: false,
  fields: LISTED,
});

/** A settled accounting as lists show it and `accounting.created|deleted` carry it (`data.object`): its visible fields. */
export function accountingSummaryOf(accounting: AccountingSummaryRecord): Record<string, unknown> {
  return serializeRecord(accounting, accountingSummaryRecord.schema);
}

const ID_VIEW = ApiProperty({ type: String, description: 'The settled accounting (ULID).', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AB' });

/**
 * The OpenAPI properties of a settled accounting's fields, in the order given, on a view class: as `recordShape`'s
 * view presents them (a written field is its body property with its `view` over it; a read-only one its `view`, with
 * its description and example, else its body property).
 */
export function presentSettledFields(view: abstract new () => object, properties: readonly string[]): void {
  for (const property of properties) {
    const name = toSnakeCase(property);
    if (property === 'id') {
      ID_VIEW(view.prototype, name);
      continue;
    }
    const definition = (LISTED as FieldMap)[property];
    if (!definition) throw new Error(`a settled accounting presents no field ${property}`);
    if (!definition.readOnly) {
      definition.decorate(view.prototype, name);
      if (definition.view) ApiProperty(definition.view)(view.prototype, name);
    } else if (definition.view) ApiProperty({ description: definition.description, example: definition.example, ...definition.view })(view.prototype, name);
    else definition.decorate(view.prototype, name);
  }
}
