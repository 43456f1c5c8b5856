import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_ORIGIN } from '@estate/shared-kernel';

/** A private calendar address as listed: never its URL, which is shown once, when it is made. */
export class DeadlineFeedLinkView {
  @ApiProperty({ description: 'Identifier of the calendar address (ULID); revoke it with DELETE.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AB' })
  id: string;

  @ApiProperty({ format: 'date-time', description: 'When the address was made (UTC).', example: '2026-09-01T12:00:00.000Z' })
  created_at: string;
}

/** A private calendar address as made: its URL, shown this once. */
export class CreatedDeadlineFeedLinkView {
  @ApiProperty({ description: 'Identifier of the calendar address (ULID); revoke it with DELETE.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AB' })
  id: string;

  @ApiProperty({
    format: 'uri',
    description:
      'The private calendar address: give it to a calendar application (Google Calendar "From URL", Outlook "Subscribe from web", Apple Calendar). ' +
      'It needs no Authorization header, never expires and stops working when revoked. Treat it as a password: anyone holding it can read the deadlines.',
    example: `${EXAMPLE_ORIGIN}/v1/deadline-feeds/01JBX8Q9W4M8Z7T3K2N5R6P0AB.Vq3dG9xw1xWmK5nQb0sR8tYc2LzE4fJh6uA7iP1oDkM.ics`,
  })
  url: string;

  @ApiProperty({ format: 'date-time', description: 'When the address was made (UTC).', example: '2026-09-01T12:00:00.000Z' })
  created_at: string;
}
