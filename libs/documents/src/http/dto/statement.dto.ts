import { ApiProperty, IntersectionType, OmitType, PartialType, PickType } from '@nestjs/swagger';
import { DateField, MoneyField, RecordView, StringField, TextField } from '@estate/shared-kernel';
import { UploadDocumentBody, UploadTextParts } from './document.dto';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** A statement's writable fields (contract §11.2): its JSON create body and, less `document_id`, its upload's text parts. */
export class CreateStatementBody {
  @StringField({ required: true, min: 26, max: 26, pattern: ULID, description: 'The document of this case the statement rests on.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AD' })
  document_id: string;

  @DateField({ required: true, description: 'First day the statement covers.', example: '2026-08-01' })
  period_start: string;

  @DateField({ required: true, description: 'Last day the statement covers; not before period_start, and no day shared with another statement of the account.', example: '2026-08-31' })
  period_end: string;

  @MoneyField({ description: 'Balance at the start of the period.', example: 12450.12 })
  opening_balance?: number | null;

  @MoneyField({ description: 'Balance at the end: when all five amounts are set, opening_balance + total_credits − total_debits − total_fees.', example: 13166.04 })
  closing_balance?: number | null;

  @MoneyField({ description: 'Money in during the period.', example: 1845 })
  total_credits?: number | null;

  @MoneyField({ description: 'Money out during the period, fees not included.', example: 1104.08 })
  total_debits?: number | null;

  @MoneyField({ description: 'Fees charged during the period.', example: 25 })
  total_fees?: number | null;

  @TextField({ description: 'Free notes.', example: 'Last statement before the date of death.' })
  notes?: string | null;
}

export class PatchStatementBody extends PartialType(CreateStatementBody, { skipNullProperties: false }) {}

/**
 * The text parts of a statement upload: the fields (the file part is the document, so no `document_id`) and the
 * client's `sha256` of the file, as a document upload has it (contract §11.1).
 */
export class StatementUploadParts extends IntersectionType(OmitType(CreateStatementBody, ['document_id'] as const), PickType(UploadTextParts, ['sha256'] as const)) {}

/** The multipart body of a statement upload, as documented (amounts are sent as decimal text, e.g. `1104.08`). */
export class UploadStatementBody extends IntersectionType(StatementUploadParts, PickType(UploadDocumentBody, ['file'] as const)) {}

export class StatementView extends IntersectionType(RecordView, CreateStatementBody) {
  @ApiProperty({ description: 'The bank account.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AB' })
  bank_account_id: string;

  @ApiProperty({ description: "The document's file name.", example: 'statement-2026-08.pdf' })
  file_name: string;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: 26_214_400, description: "The document's byte count.", example: 48213 })
  size_bytes: number;
}
