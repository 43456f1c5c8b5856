import { deadlineFeedLinkRecord } from '../../resources/deadline-feed-link.record';

/** The private calendar addresses' `deadline_feed_links` table as its declaration maps it. */
export const DeadlineFeedLinkSchema = deadlineFeedLinkRecord.schema;
