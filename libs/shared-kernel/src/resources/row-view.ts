import type { EntitySchema } from '@mikro-orm/core';
import { RecordColumns, RecordFields } from '../platform/persistence/record-columns';
import { BodyShape } from './body-shape';
import { ReadContext } from './pagination/list-query';
import { visibleProperties } from './record-serializer';

type Row = Record<string, unknown>;

/** What a declaration's response is made of: its schema, its body's shape, its masked fields and what it computes. */
export interface RowViewDeclaration<T> {
  schema: EntitySchema<any>;
  shape?: BodyShape;
  masked?: ReadonlySet<string>;
  present?: (record: RecordFields<T>, view: Record<string, unknown>, context: ReadContext) => Record<string, unknown>;
}

/**
 * A record's response straight from its row, worked out once per declaration (issue 17): each visible field with its
 * column and the column's conversion, presented by the serializer's rules (masking, `null` for unset at every depth,
 * ISO date-times), then what the declaration computes. The one row view of case records and one-per-case records: no
 * entity is made, and the record's plain fields are read from the row only for a declaration's `present`.
 */
export class RowView<T> {
  private readonly fields: Array<{ field: string; column: string; convert: (value: unknown) => unknown; present: (value: unknown) => unknown }>;
  private readonly computed: RowViewDeclaration<T>['present'];

  constructor(
    private readonly columns: RecordColumns<T>,
    declaration: RowViewDeclaration<T>,
  ) {
    const visible = visibleProperties(declaration.schema, declaration.shape, declaration.masked);
    const stored = columns.columnsOf(visible.map(({ name }) => name));
    this.fields = visible.map(({ field, present }, index) => ({ field, present, column: stored[index].column, convert: stored[index].convert }));
    this.computed = declaration.present;
  }

  /** The record's response from its row. */
  view(row: Row, context: ReadContext): Record<string, unknown> {
    const view: Record<string, unknown> = {};
    for (const { field, column, convert, present } of this.fields) {
      const value = row[column];
      view[field] = present(value === null || value === undefined ? value : convert(value));
    }
    return this.computed ? this.computed(this.columns.fieldsOf(row), view, context) : view;
  }
}
