import { caseResource } from '@estate/shared-kernel';
import { ClosureRequest } from '../domain/closure-request';
import { CLOSURE_ACCOUNT_TYPES, CLOSURE_REQUEST_STATUSES } from '../domain/probate-vocabulary';
import { ClosureRequestView, CreateClosureRequestBody, PatchClosureRequestBody } from '../http/dto/closure-request.dto';
import { ClosureRequestSchema } from '../infrastructure/persistence/probate.schemas';
import { RequestClosure } from '../application/request-closure.service';
import { ReviseClosureRequest } from '../application/revise-closure-request.service';

/**
 * Closure requests (contract-extensions §15.1): an aggregate read through the kernel, made by its own use case (with
 * its five closure steps), its notes patched by another, moved by its steps (`ClosureRequestProgress`) or cancelled by
 * its action route. No `DELETE` (405): a request ends by completing or by being cancelled.
 */
export const closureRequestResource = caseResource<ClosureRequest>({
  name: 'closure request',
  path: 'closure/requests',
  idParam: 'request_id',
  schema: ClosureRequestSchema,
  kind: 'aggregate',
  useCases: { create: () => RequestClosure, patch: () => ReviseClosureRequest },
  create: CreateClosureRequestBody,
  patch: PatchClosureRequestBody,
  view: ClosureRequestView,
  filters: { status: CLOSURE_REQUEST_STATUSES, account_type: CLOSURE_ACCOUNT_TYPES, account_id: { kind: 'equals', property: 'accountId' } },
  sorts: ['created_at'],
  tag: 'closure',
  // Every move, by its steps or the cancel route, is told as closure_request.status_changed; a notes patch as .updated.
  statusChanged: true,
});
