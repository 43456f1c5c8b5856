/**
 * The key columns of every case-scoped record: ULID id and owning case. Put them first in a schema. `case_id` is hidden
 * unless the specification's table for the record carries it (`showCaseId`).
 */
export function caseRecordProperties(options: { showCaseId?: boolean } = {}) {
  return {
    id: { type: 'string', primary: true, length: 26 },
    caseId: { type: 'string', length: 26, hidden: !options.showCaseId },
  } as const;
}

/** Timestamps and the version behind the ETag; put them last so clients see created_at/updated_at at the end. */
export function timestampProperties(options: { hidden?: boolean } = {}) {
  const hidden = options.hidden ?? false;
  return {
    createdAt: { type: 'Date', columnType: 'timestamptz(3)', hidden },
    updatedAt: { type: 'Date', columnType: 'timestamptz(3)', hidden },
    version: { type: 'integer', version: true, hidden: true },
  } as const;
}
