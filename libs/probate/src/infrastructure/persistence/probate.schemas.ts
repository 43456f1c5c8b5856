import { EntitySchema } from '@mikro-orm/core';
import { caseRecordProperties } from '@estate/shared-kernel';
import { DeadlineFeedLink } from '../../domain/deadline-feed-link';

export const DeadlineFeedLinkSchema = new EntitySchema<DeadlineFeedLink>({
  class: DeadlineFeedLink,
  tableName: 'deadline_feed_links',
  properties: {
    ...caseRecordProperties(),
    createdAt: { type: 'Date', columnType: 'timestamptz(3)' },
  },
});
