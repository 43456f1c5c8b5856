import { ApiProperty } from '@nestjs/swagger';
import { BooleanField, RecordView, StringArrayField, StringField, TextField } from '@estate/shared-kernel';
import { FAX_FAILURE_REASONS, FAX_STATUSES } from '../../domain/comms-vocabulary';
import { E164, MAX_FAX_DOCUMENTS } from '../../domain/fax';

const E164_MESSAGE = '$property must be an E.164 number: + then 8 to 15 digits, e.g. +13125550142';

/** `POST …/faxes` (contract-extensions §11.5). */
export class CreateFaxBody {
  @StringField({
    max: 16,
    pattern: E164,
    patternMessage: E164_MESSAGE,
    description: "The number to fax, in E.164. Required unless `institution_contact_id` names a contact with `contact_methods.fax` (that number is then copied).",
    example: '+13125550142',
  })
  to_number?: string | null;

  @StringArrayField({
    required: true,
    minItems: 1,
    maxItems: MAX_FAX_DOCUMENTS,
    description: 'The documents of the case to send, in order: 1 to 10 distinct PDF or TIFF documents with a known `page_count`.',
    example: ['01JBX8Q9W4M8Z7T3K2N5R6P0DC'],
  })
  document_ids: string[];

  @StringField({ max: 26, description: 'The institution contact faxed (same case), or null.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0CD' })
  institution_contact_id?: string | null;

  @BooleanField({ description: 'Whether a cover page goes first (it counts as one page); true when unset.', example: true })
  cover_page?: boolean | null;

  @TextField({ description: 'A note printed on the cover page.', example: 'Letters testamentary for the estate of Samuel Okafor, as requested.' })
  cover_page_note?: string | null;

  @TextField({ description: 'Free notes, not sent.', example: 'Second attempt after the claims desk asked again.' })
  notes?: string | null;
}

/** `PATCH …/faxes/{fax_id}`: only `notes` (contract-extensions §11.5: only the processor moves a fax). */
export class PatchFaxBody {
  @TextField({ description: 'Free notes, not sent.', example: 'Confirmed received by phone.' })
  notes?: string | null;
}

/** `POST …/faxes/{fax_id}/cancel`: the optional body has no fields. */
export class CancelFaxBody {}

const instant = (description: string) => ApiProperty({ type: String, format: 'date-time', nullable: true, description, example: null });

export class FaxView extends RecordView {
  @ApiProperty({ description: 'The number faxed (E.164).', example: '+13125550142' }) to_number: string;
  @ApiProperty({ description: 'The number it is sent from (`FAX_FROM_NUMBER`).', example: '+12025550100' }) from_number: string;
  @ApiProperty({ type: String, nullable: true, description: 'The institution contact faxed, or null.', example: null }) institution_contact_id: string | null;
  @ApiProperty({ type: [String], description: 'The documents sent, in order.', example: ['01JBX8Q9W4M8Z7T3K2N5R6P0DC'] }) document_ids: string[];
  @ApiProperty({ description: 'Whether a cover page goes first.', example: true }) cover_page: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'The note on the cover page.', example: null }) cover_page_note: string | null;
  @ApiProperty({
    enum: FAX_STATUSES,
    description: '`queued` → `sending` → `delivered` or `failed`; `queued` → `failed` when the provider refuses it; `queued` → `cancelled` by the cancel route. Only the provider processor moves it otherwise.',
    example: 'queued',
  })
  status: string;
  @ApiProperty({ description: 'Pages in all: the documents’ page counts, plus one for the cover page.', example: 4 }) pages: number;
  @ApiProperty({ description: 'Pages the provider sent; 0 until it reports.', example: 0 }) pages_sent: number;
  @ApiProperty({ type: String, nullable: true, enum: FAX_FAILURE_REASONS, description: 'Why it failed; null unless `failed`.', example: null }) failure_reason: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The provider's confirmation of a delivered fax.", example: null }) confirmation_number: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The provider's id of the fax, once it took it.", example: null }) provider_fax_id: string | null;
  @ApiProperty({ format: 'date-time', description: 'When it was queued.', example: '2026-09-01T12:00:00.000Z' }) queued_at: string;
  @instant('When the provider started sending it.') sending_at: string | null;
  @instant('When it was delivered.') delivered_at: string | null;
  @instant('When it failed.') failed_at: string | null;
  @ApiProperty({ description: 'The user who sent it.', example: '01JF7PZZ0000000000000000AB' }) sent_by: string;
  @ApiProperty({ type: String, nullable: true, description: 'Free notes.', example: null }) notes: string | null;
}
