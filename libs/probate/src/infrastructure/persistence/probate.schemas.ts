import { EntitySchema } from '@mikro-orm/core';
import { CalendarDateType, caseRecordProperties, nullableText, timestampProperties } from '@estate/shared-kernel';
import { ClosureRequest } from '../../domain/closure-request';
import { ClosureStep } from '../../domain/closure-step';
import { DeadlineFeedLink } from '../../domain/deadline-feed-link';

const longText = { type: 'text', nullable: true } as const;
const calendarDate = (nullable = true) => ({ type: CalendarDateType, nullable }) as const;

export const ClosureStepSchema = new EntitySchema<ClosureStep>({
  class: ClosureStep,
  tableName: 'closure_steps',
  properties: {
    ...caseRecordProperties(),
    stepType: { type: 'string', length: 200 },
    title: { type: 'string', length: 200 },
    description: longText,
    status: { type: 'string', length: 20 },
    order: { type: 'integer', fieldName: 'step_order', nullable: true },
    dependsOn: { type: 'string[]', columnType: 'text[]', default: [] as string[] },
    blockedReason: { ...longText },
    assignedTo: { ...nullableText() },
    dueDate: calendarDate(),
    completedDate: calendarDate(),
    notes: longText,
    subTasks: { type: 'json' },
    setStatus: { type: 'string', length: 20, hidden: true },
    heldReason: { ...longText, hidden: true },
    ...timestampProperties(),
  },
});

const dateTime = (nullable: boolean) => ({ type: 'Date', columnType: 'timestamptz(3)', nullable }) as const;

export const DeadlineFeedLinkSchema = new EntitySchema<DeadlineFeedLink>({
  class: DeadlineFeedLink,
  tableName: 'deadline_feed_links',
  properties: {
    ...caseRecordProperties(),
    createdAt: { type: 'Date', columnType: 'timestamptz(3)' },
  },
});
