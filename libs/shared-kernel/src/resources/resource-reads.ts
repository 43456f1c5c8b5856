import { RecordColumns, RecordFields } from '../platform/persistence/record-columns';
import { caseRowHold, CaseRowLocation } from '../platform/access/case-access';
import { ReadContext } from './pagination/list-query';
import { listStatementsOf } from './pagination/list-runner';
import { CaseRecord, CaseResource } from './case-resource';
import { RowView } from './row-view';

type Row = Record<string, unknown>;

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/**
 * A declaration's reads, compiled once at start-up (issue 17): the statement of its read-one and of its parent's
 * existence check, its list's statements (every sort and filter checked against the table's columns), and the response
 * of a row (`RowView`). No entity is made: a row is read into the record's plain fields only when the declaration
 * computes something from them (`present`, `readTimeState`).
 */
export class ResourceReads<T extends CaseRecord = CaseRecord> {
  /** `select * from <table> where <scope columns> = $1… and id = $n`: the scope's properties, in this order. */
  readonly readOne: { text: string; scope: readonly string[] };
  private readonly rowView: RowView<T>;

  constructor(
    readonly resource: CaseResource<T>,
    readonly columns: RecordColumns<T>,
  ) {
    const scope = ['caseId', ...(resource.parent ? [resource.parent.property] : [])];
    const where = [...scope, 'id'].map((property, index) => `${quote(columns.columnOf(property))} = $${index + 1}`).join(' and ');
    this.readOne = { text: `select * from ${quote(columns.table)} where ${where}`, scope };
    this.rowView = new RowView(columns, resource);
    listStatementsOf(columns).check(resource.listRules);
  }

  /**
   * The read-one of a write that holds its case in the same statement (issue 19), with the read-one's values ($1 is
   * the case). The case row is held first — an uncorrelated `exists` is a one-time filter, run before the record's
   * scan — then the record's row: locking it makes PostgreSQL return its newest version, not the one of the
   * statement's snapshot, when the read waited for the case. No row: the case is gone or the record is.
   */
  readOneHoldingCase(caseRow: CaseRowLocation): string {
    return (this.holdingText ??= `with held as (${caseRowHold(caseRow, '$1')}) ${this.readOne.text.replace(' where ', ' where exists (select 1 from held) and ')} for no key update`);
  }

  private holdingText?: string;

  /** The values of the read-one statement: the scope's, then the id. */
  readOneValues(scope: Record<string, string>, id: string): string[] {
    return [...this.readOne.scope.map((property) => scope[property]), id];
  }

  /** The record's response from its row. */
  view(row: Row, context: ReadContext): Record<string, unknown> {
    return this.rowView.view(row, context);
  }

  /** What enters the ETag besides the id: the version, and what the declaration computes from the time. */
  versionOf(row: Row, context: ReadContext): string | number {
    const version = this.columns.valueOf(row, 'version') as number;
    const state = this.resource.readTimeState?.(this.columns.fieldsOf(row), context);
    return state === undefined ? version : `${version}:${state}`;
  }
}

export type { RecordFields };
