import { RecordColumns } from '../platform/persistence/record-columns';
import { etagOfVersion } from './conditional/etag';
import { ReadContext } from './pagination/list-query';
import { toCamelCase } from './naming/naming';
import { visibleProperties } from './record-serializer';
import { RowView } from './row-view';
import { SingletonRecord, SingletonResource } from './singleton-resource';

type Row = Record<string, unknown>;

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/**
 * A one-per-case declaration's read, compiled once at start-up as a case record's is (`ResourceReads`): its read-one
 * (`select * from <table> where case_id = $1`: the record is keyed by its case), the response of its row (`RowView`)
 * and the ETag of its row.
 */
export class SingletonReads<T extends SingletonRecord = SingletonRecord> {
  readonly readOne: string;
  /**
   * The properties whose stored values make the representation: the body's and the derived ones the response shows.
   * A write that leaves them all as they were leaves the representation as it was.
   */
  readonly represented: readonly string[];
  private readonly rowView: RowView<T>;

  constructor(
    private readonly resource: SingletonResource<T>,
    private readonly columns: RecordColumns<T>,
  ) {
    this.readOne = `select * from ${quote(columns.table)} where ${quote(columns.columnOf('caseId'))} = $1`;
    this.rowView = new RowView(columns, { schema: resource.schema, shape: resource.shape, masked: resource.maskedFields });
    const shown = visibleProperties(resource.schema).map(({ name }) => name);
    this.represented = [...new Set([...resource.fields.map(toCamelCase), ...shown])];
  }

  /** The record's response from its row. */
  view(row: Row, context: ReadContext): Record<string, unknown> {
    return this.rowView.view(row, context);
  }

  etag(row: Row): string {
    const version = this.columns.valueOf(row, 'version') as number;
    const caseId = this.columns.valueOf(row, 'caseId') as string;
    if (!this.resource.deletable) return etagOfVersion(this.resource.name, caseId, version);
    // A deletable record can be created again: its creation time tells the new one's version 1 from the old one's.
    const createdAt = this.columns.valueOf(row, 'createdAt') as Date;
    return etagOfVersion(this.resource.name, caseId, `${createdAt.getTime()}:${version}`);
  }
}
