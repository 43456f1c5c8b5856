import { ApiProperty } from '@nestjs/swagger';
import { EnumField, EXAMPLE_ORIGIN, IntegerField, StringField, TextField } from '@estate/shared-kernel';
import { DOCUMENT_TYPES, RELATED_TYPES } from '../../domain/document-vocabulary';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
/** The text parts of an upload: the writable fields (less `file_name`, which comes from the file part) and `sha256`. */
export class UploadTextParts {
  @EnumField(DOCUMENT_TYPES, { required: true, description: 'What the document is.', example: 'death_certificate' })
  type: string;

  @StringField({ description: 'A title for people.', example: 'Certified death certificate' })
  title?: string | null;

  @EnumField(RELATED_TYPES, { description: 'The kind of case record the document belongs to (the resource part of its event types); with related_id, or neither.', example: 'bank_account' })
  related_type?: string | null;

  @StringField({ min: 26, max: 26, pattern: ULID, description: 'The record of related_type in this case.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AD' })
  related_id?: string | null;

  @TextField({ description: 'Free notes.', example: 'Received from the county clerk.' })
  notes?: string | null;

  @StringField({
    min: 64,
    max: 64,
    pattern: /^[0-9a-fA-F]{64}$/,
    description: "The client's SHA-256 of the file, hex: a different digest of the bytes received is 422 (an integrity check).",
    example: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  })
  sha256?: string | null;
}

/** The multipart body of an upload, as documented (the parser reads it; no JSON is accepted). */
export class UploadDocumentBody extends UploadTextParts {
  @ApiProperty({ type: 'string', format: 'binary', description: 'The file: PDF, JPEG, PNG or TIFF, 1 byte to 25 MiB, its part Content-Type one of those four.' })
  file: unknown;
}

export class DownloadLinkBody {
  @IntegerField({ min: 60, max: 3600, description: 'Seconds the link works; 900 when left out.', example: 900 })
  expires_in?: number | null;
}

export class DownloadLinkView {
  @ApiProperty({ format: 'uri', description: 'Absolute address of the bytes; a GET needs no Authorization.', example: `${EXAMPLE_ORIGIN}/v1/document-downloads/01JBX8Q9W4M8Z7T3K2N5R6P0AB.1796000000.c2lnbmF0dXJl` })
  url: string;

  @ApiProperty({ format: 'date-time', description: 'When the link stops working (UTC).', example: '2026-11-27T07:15:00.000Z' })
  expires_at: string;
}
