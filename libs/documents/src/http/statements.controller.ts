import { Inject, Post, Req, Type, UseInterceptors } from '@nestjs/common';
import { ApiConsumes, ApiExtraModels, ApiOperation, ApiParam, getSchemaPath } from '@nestjs/swagger';
import {
  ApiData,
  ApiErrors,
  ApiIdempotencyKey,
  AuthenticatedRequest,
  CaseResourceController,
  ForeignCase,
  JsonObject,
  SingleResource,
  validateAgainst,
  WriteRoute,
} from '@estate/shared-kernel';
import { UploadStatement } from '../application/upload-statement';
import { statementResource } from '../resources/statement.resource';
import { CreateStatementBody, StatementUploadParts, UploadStatementBody } from './dto/statement.dto';
import { statementFieldsOf } from './statement-parts';
import { UploadOrJsonInterceptor, UploadRequest, UPLOADS_BUSY } from './upload.interceptor';

const ULID = { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' } as const;

/**
 * Statements of a bank account (contract §11.2): the kernel's list, read, merge patch and delete; the `POST` takes a
 * JSON body naming a document of the case, or a multipart upload whose file becomes the document (§11.1's upload
 * path: limits, digest, content check, idempotent retries compared on the text parts and the file's digest).
 */
export class StatementsController extends CaseResourceController(statementResource) {
  // Property injection: the generated base class has no constructor parameters of its own to extend.
  @Inject(UploadStatement) private readonly uploads: UploadStatement;

  @Post()
  @WriteRoute()
  @UseInterceptors(UploadOrJsonInterceptor)
  @ForeignCase('not_found')
  @ApiParam({ name: 'case_id', description: 'the case', schema: ULID })
  @ApiParam({ name: 'account_id', description: 'the bank account', schema: ULID })
  @ApiExtraModels(CreateStatementBody, UploadStatementBody)
  @ApiOperation({
    summary: 'Create a statement',
    description:
      'A JSON body names a document of the case (`document_id`). A `multipart/form-data` body carries the statement file instead, as one `file` part ' +
      '(PDF, JPEG, PNG or TIFF, 1 byte to 25 MiB, checked as a document upload is), with the fields as text parts (amounts as decimal text) and an optional ' +
      '`sha256`: the document (type `bank_statement`, related to the account) is created with the statement, in one transaction. ' +
      'The period must not end before it starts nor share a day with another statement of the account (the 422 names that statement); when all five ' +
      'amounts are set, `closing_balance` = `opening_balance` + `total_credits` − `total_debits` − `total_fees`. With Idempotency-Key, an upload retry is ' +
      'compared on its text parts and the file’s digest, name and type. ' +
      'A body that is malformed, ends early or stalls is 400; when too many uploads wait for the database, 503 with Retry-After (nothing stored; send it again).',
    requestBody: {
      required: true,
      content: {
        'application/json': { schema: { $ref: getSchemaPath(CreateStatementBody) } },
        'multipart/form-data': { schema: { $ref: getSchemaPath(UploadStatementBody) } },
      },
    },
  })
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiIdempotencyKey()
  @ApiData(statementResource.view as Type, 201)
  @ApiErrors(400, 404, 409, 413, 415, 422, UPLOADS_BUSY)
  async create(@Req() req: UploadRequest & AuthenticatedRequest): Promise<SingleResource> {
    const scope = await this.scope(req);
    if (!req.upload) {
      const body = (req.body ?? {}) as JsonObject;
      await validateAgainst(CreateStatementBody, body);
      return this.writer.create(this.resource, scope, body);
    }
    const parts = statementFieldsOf(req.upload.fields);
    await validateAgainst(StatementUploadParts, parts);
    const { sha256, ...fields } = parts;
    return this.uploads.execute(scope, req.upload.file, fields, (sha256 as string | null | undefined) ?? null, (req.principal as NonNullable<AuthenticatedRequest['principal']>).userId);
  }
}
