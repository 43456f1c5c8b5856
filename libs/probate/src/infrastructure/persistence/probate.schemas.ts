import { EntitySchema } from '@mikro-orm/core';
import { CalendarDateType, caseRecordProperties, nullableText, timestampProperties } from '@estate/shared-kernel';
import { ClosureRequest } from '../../domain/closure-request';
import { ClosureStep } from '../../domain/closure-step';
import { DeadlineFeedLink } from '../../domain/deadline-feed-link';

const longText = { type: 'text', nullable: true } as const;
const calendarDate = (nullable = true) => ({ type: CalendarDateType, nullable }) as const;

const dateTime = (nullable: boolean) => ({ type: 'Date', columnType: 'timestamptz(3)', nullable }) as const;

export const DeadlineFeedLinkSchema = new EntitySchema<DeadlineFeedLink>({
  class: DeadlineFeedLink,
  tableName: 'deadline_feed_links',
  properties: {
    ...caseRecordProperties(),
    createdAt: { type: 'Date', columnType: 'timestamptz(3)' },
  },
});
