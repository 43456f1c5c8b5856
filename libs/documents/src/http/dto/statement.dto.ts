import { IntersectionType, OmitType, PickType } from '@nestjs/swagger';
import { statementResource } from '../../resources/statement.resource';
import { UploadDocumentBody, UploadTextParts } from './document.dto';

/** A statement's JSON create body, as its declaration builds it (`CreateStatementBody`). */
export const CreateStatementBody = statementResource.create as new () => Record<string, unknown>;

/**
 * The text parts of a statement upload: the fields (the file part is the document, so no `document_id`) and the
 * client's `sha256` of the file, as a document upload has it (contract §11.1).
 */
export class StatementUploadParts extends IntersectionType(OmitType(CreateStatementBody, ['document_id'] as const), PickType(UploadTextParts, ['sha256'] as const)) {}

/** The multipart body of a statement upload, as documented (amounts are sent as decimal text, e.g. `1104.08`). */
export class UploadStatementBody extends IntersectionType(StatementUploadParts, PickType(UploadDocumentBody, ['file'] as const)) {}
