import { Controller, Get, Inject, Param, Post, Req, Res, StreamableFile, Type, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiParam, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  ApiData,
  ApiErrors,
  ApiIdempotencyKey,
  AuthenticatedRequest,
  CaseResourceController,
  CollaboratorWrites,
  ErrorBody,
  etagOfBody,
  ForeignCase,
  PerAddressLimit,
  PublicRoute,
  SingleResource,
  ValidBody,
  validateAgainst,
  WriteRoute,
} from '@estate/shared-kernel';
import { DEFAULT_LINK_SECONDS, DocumentDownloads } from '../application/document-downloads';
import { UploadDocument } from '../application/upload-document';
import { DOCUMENT_CONTENT_TYPES } from '../domain/document-vocabulary';
import { documentResource } from '../resources/document.resource';
import { DownloadLinkBody, DownloadLinkView, UploadDocumentBody, UploadTextParts } from './dto/document.dto';
import { sendDownload } from './download-reply';
import { UploadInterceptor, UploadRequest, UPLOADS_BUSY } from './upload.interceptor';

const ULID = { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' } as const;
export const DOWNLOADS_PATH = 'v1/document-downloads';

const CONTENT_HEADERS = {
  ETag: { description: 'The SHA-256 of the bytes, hex, quoted; send it back in `If-None-Match`.', schema: { type: 'string' } },
  'Repr-Digest': { description: 'RFC 9530: `sha-256=:<base64 of the SHA-256>:`.', schema: { type: 'string' } },
  'Content-Disposition': { description: "RFC 6266: `attachment; filename=\"…\"; filename*=UTF-8''…`.", schema: { type: 'string' } },
  'Content-Length': { description: 'The byte count (`size_bytes`).', schema: { type: 'integer' } },
};
const BYTES = Object.fromEntries(DOCUMENT_CONTENT_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));

/** The bytes' answer, shared by the case's route and the signed link. */
const ContentResponses = () => [
  ApiProduces(...DOCUMENT_CONTENT_TYPES, 'application/json'),
  ApiResponse({ status: 200, description: 'The bytes, as uploaded.', headers: CONTENT_HEADERS, content: BYTES }),
  ApiResponse({ status: 304, description: 'Not modified: the ETag sent in If-None-Match is the current one.' }),
];

function applyAll(decorators: Array<MethodDecorator>): MethodDecorator {
  return (target, key, descriptor) => {
    for (const decorate of [...decorators].reverse()) decorate(target, key, descriptor);
  };
}

/**
 * Documents (contract §11.1): the kernel's list, read, merge patch and delete, the multipart upload in place of the
 * generated JSON `POST`, the bytes, and signed download links.
 */
export class DocumentsController extends CaseResourceController(documentResource) {
  // Property injection: the generated base class has no constructor parameters of its own to extend.
  @Inject(UploadDocument) private readonly uploads: UploadDocument;
  @Inject(DocumentDownloads) private readonly downloads: DocumentDownloads;

  @Post()
  @WriteRoute()
  @UseInterceptors(UploadInterceptor)
  @ForeignCase('not_found')
  @ApiParam({ name: 'case_id', description: 'the case', schema: ULID })
  @ApiOperation({
    operationId: 'uploadDocument',
    summary: 'Upload a document',
    description:
      '`multipart/form-data` with exactly one `file` part (PDF, JPEG, PNG or TIFF, declared by the part’s Content-Type and checked against its first bytes; ' +
      '1 byte to 25 MiB) and the text parts `type` (required), `title`, `related_type`, `related_id`, `notes` and `sha256` (the client’s digest, checked). ' +
      'A JSON body is 415. With Idempotency-Key, a retry is compared on its text parts and the file’s digest, name and type. ' +
      'A body that is malformed, ends early or stalls is 400; when too many uploads wait for the database, 503 with Retry-After (nothing stored; send it again).',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadDocumentBody })
  @ApiIdempotencyKey()
  @ApiData(documentResource.view as Type, 201)
  @ApiErrors(400, 404, 409, 413, 415, 422, UPLOADS_BUSY)
  async create(@Req() req: UploadRequest & AuthenticatedRequest): Promise<SingleResource> {
    const scope = await this.scope(req);
    const upload = req.upload as NonNullable<UploadRequest['upload']>;
    await validateAgainst(UploadTextParts, upload.fields);
    const { fields } = upload;
    return this.uploads.execute(
      scope.caseId,
      upload.file,
      {
        type: fields.type,
        title: fields.title ?? null,
        relatedType: fields.related_type ?? null,
        relatedId: fields.related_id ?? null,
        notes: fields.notes ?? null,
        uploadedBy: (req.principal as NonNullable<AuthenticatedRequest['principal']>).userId,
      },
      fields.sha256 ?? null,
    );
  }

  @Get(':document_id/content')
  @ForeignCase('not_found')
  @applyAll([ApiParam({ name: 'case_id', description: 'the case', schema: ULID }), ApiParam({ name: 'document_id', description: 'the document', schema: ULID })])
  @ApiOperation({
    operationId: 'downloadDocument',
    summary: 'Download a document’s bytes',
    description: 'The bytes with `ETag` (their SHA-256), `Repr-Digest` (RFC 9530) and an RFC 6266 `Content-Disposition`; a matching If-None-Match is 304. Errors keep the JSON envelope.',
  })
  @applyAll(ContentResponses())
  @ApiErrors(404)
  async content(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<StreamableFile | undefined> {
    return sendDownload(req, res, await this.downloads.ofCase(await this.scope(req), req.params.document_id as string));
  }

  @Post(':document_id/download-links')
  @WriteRoute()
  // A link changes nothing of the case: a viewer may make one (contract-extensions §13.1).
  @CollaboratorWrites('any_role')
  @ForeignCase('not_found')
  @applyAll([ApiParam({ name: 'case_id', description: 'the case', schema: ULID }), ApiParam({ name: 'document_id', description: 'the document', schema: ULID })])
  @ApiOperation({
    operationId: 'createDocumentDownloadLink',
    summary: 'Make a signed download link',
    description:
      'An absolute address of the bytes that works without an Authorization header for `expires_in` seconds (60–3600, default 900): ' +
      '`/v1/document-downloads/{token}`, the token being the document id and expiry signed with HMAC-SHA256. Viewers may make links.',
  })
  @ApiBody({
    type: DownloadLinkBody,
    required: false,
    examples: { default: { summary: 'the default lifetime (900 s)', value: {} }, short: { summary: 'two minutes', value: { expires_in: 120 } } },
  })
  @ApiIdempotencyKey()
  @ApiData(DownloadLinkView, 201)
  @ApiErrors(400, 404, 409, 413, 415, 422)
  async link(@Req() req: Request, @ValidBody() body: DownloadLinkBody): Promise<SingleResource> {
    const { token, expiresAt } = await this.downloads.link(await this.scope(req), req.params.document_id as string, body.expires_in ?? DEFAULT_LINK_SECONDS);
    const data = { url: `${req.protocol}://${req.get('host')}/${DOWNLOADS_PATH}/${token}`, expires_at: expiresAt.toISOString() };
    return new SingleResource(data, etagOfBody(data));
  }
}

/** `GET /v1/document-downloads/{token}`: a signed link's bytes; the token is the credential, anything but a live one is 404. */
@ApiTags('documents')
@Controller(DOWNLOADS_PATH)
export class DocumentDownloadsController {
  constructor(private readonly downloads: DocumentDownloads) {}

  @Get(':token')
  @PublicRoute()
  @PerAddressLimit('downloads')
  @ApiOperation({
    security: [],
    operationId: 'downloadDocumentByLink',
    summary: 'Download a document by a signed link',
    description:
      'The address `POST …/documents/{document_id}/download-links` made; needs no Authorization and answers like `…/content`. An expired or forged token, or a deleted document, is 404. ' +
      'Limited to 60 requests a minute per client address (`DOWNLOAD_RATE_LIMIT`).',
  })
  @ApiParam({ name: 'token', description: 'The signed token of the link.', schema: { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}\\.[0-9]{1,12}\\.[A-Za-z0-9_-]{43}$' } })
  @applyAll(ContentResponses())
  @ApiResponse({ status: 404, description: 'not_found: no such link, or it expired, or its document was deleted.', type: ErrorBody })
  @ApiResponse({ status: 429, description: 'rate_limit_exceeded: this address used its download requests of this minute (`DOWNLOAD_RATE_LIMIT`, 60).', type: ErrorBody })
  async download(@Param('token') token: string, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<StreamableFile | undefined> {
    return sendDownload(req, res, await this.downloads.ofLink(token));
  }
}
