import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_ORIGIN, field, type FieldValues, recordShape, serializeRecord } from '@estate/shared-kernel';
import { DeadlineFeedLink } from '../domain/deadline-feed-link';

const ID_VIEW = ApiProperty({ description: 'Identifier of the calendar address (ULID); revoke it with DELETE.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AB' });

/**
 * A private calendar address of a case's deadlines, its fields declared once: made, listed, revoked (deleted), never
 * updated (`timestamps: false`, `versioned: false`): its `created_at` is a field of its own. Its URL is computed when
 * it is made and shown that once; a list never shows it.
 */
const FEED_LINK_FIELDS = {
  url: field.string({
    computed: true,
    description:
      'The private calendar address: give it to a calendar application (Google Calendar "From URL", Outlook "Subscribe from web", Apple Calendar). ' +
      'It needs no Authorization header, never expires and stops working when revoked. Treat it as a password: anyone holding it can read the deadlines.',
    example: `${EXAMPLE_ORIGIN}/v1/deadline-feeds/01JBX8Q9W4M8Z7T3K2N5R6P0AB.Vq3dG9xw1xWmK5nQb0sR8tYc2LzE4fJh6uA7iP1oDkM.ics`,
    view: { type: String, format: 'uri' },
  }),
  createdAt: field.dateTime({
    readOnly: true,
    required: true,
    description: 'When the address was made (UTC).',
    example: '2026-09-01T12:00:00.000Z',
    view: { type: String, format: 'date-time' },
  }),
};

const { url: _url, ...STORED } = FEED_LINK_FIELDS;

/** `deadline_feed_links`: the stored address (its key, its case, when it was made); its view is a listed address. */
export const deadlineFeedLinkRecord = recordShape<typeof STORED, DeadlineFeedLink>({
  name: 'deadline feed link',
  table: 'deadline_feed_links',
  entity: DeadlineFeedLink,
  timestamps: false,
  versioned: false,
  patchable: false,
  fields: STORED,
});

/** An address as made: the stored fields and its URL, shown this once (its view only: the table is the record's). */
const createdDeadlineFeedLink = recordShape<typeof FEED_LINK_FIELDS, { id: string; caseId: string } & FieldValues<typeof FEED_LINK_FIELDS>>({
  name: 'created deadline feed link',
  table: 'deadline_feed_links',
  timestamps: false,
  versioned: false,
  patchable: false,
  fields: FEED_LINK_FIELDS,
});

ID_VIEW(deadlineFeedLinkRecord.view.prototype, 'id');
ID_VIEW(createdDeadlineFeedLink.view.prototype, 'id');

/** A private calendar address as listed: never its URL. */
export const DeadlineFeedLinkView = deadlineFeedLinkRecord.view;
/** A private calendar address as made: its URL, shown this once. */
export const CreatedDeadlineFeedLinkView = createdDeadlineFeedLink.view;

/** An address as a list shows it: its visible fields. */
export function deadlineFeedLinkOf(link: Pick<DeadlineFeedLink, 'id' | 'createdAt'>): Record<string, unknown> {
  return serializeRecord(link, deadlineFeedLinkRecord.schema);
}

/** An address as made: its visible fields and its URL. */
export function createdDeadlineFeedLinkOf(link: Pick<DeadlineFeedLink, 'id' | 'createdAt'>, url: string): Record<string, unknown> {
  const { id, ...rest } = deadlineFeedLinkOf(link);
  return { id, url, ...rest };
}
