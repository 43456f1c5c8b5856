import { EntitySchema } from '@mikro-orm/core';
import { CalendarDateType, caseRecordProperties, nullableText, timestampProperties } from '@estate/shared-kernel';
import { Goal } from '../../domain/goal';

/** Contract-extensions §12.8: the goals of a case. `is_overdue` is computed when read and has no column. */
export const GoalSchema = new EntitySchema<Goal>({
  class: Goal,
  tableName: 'goals',
  properties: {
    ...caseRecordProperties(),
    title: { type: 'string', length: 200 },
    description: { type: 'text', nullable: true },
    category: { ...nullableText(20) },
    status: { type: 'string', length: 20 },
    dueDate: { type: CalendarDateType, nullable: true },
    completedAt: { type: 'Date', columnType: 'timestamptz(3)', nullable: true },
    assignedTo: { ...nullableText(26) },
    order: { type: 'integer', nullable: true },
    notes: { type: 'text', nullable: true },
    ...timestampProperties(),
  },
});
