import { caseResource, field, TextField } from '@estate/shared-kernel';
import { ClosureRequest } from '../domain/closure-request';
import { CLOSURE_ACCOUNT_TYPES, CLOSURE_METHODS, CLOSURE_REQUEST_STATUSES } from '../domain/closure-vocabulary';
import { RequestClosure } from '../application/request-closure.service';
import { ReviseClosureRequest } from '../application/revise-closure-request.service';

/**
 * Closure requests (contract-extensions §15.1): an aggregate read through the kernel, made by its own use case (with
 * its five closure steps), its notes patched by another, moved by its steps (`ClosureRequestProgress`) or cancelled by
 * its action route. No `DELETE` (405): a request ends by completing or by being cancelled.
 */
export const closureRequestResource = caseResource({
  name: 'closure request',
  path: 'closure/requests',
  idParam: 'request_id',
  table: 'closure_requests',
  entity: ClosureRequest,
  kind: 'aggregate',
  useCases: { create: () => RequestClosure, patch: () => ReviseClosureRequest },
  fields: {
    accountType: field.enum(CLOSURE_ACCOUNT_TYPES, {
      required: true,
      createOnly: true,
      column: { length: 30 },
      description: 'The kind of account to close.',
      example: 'bank_account',
      view: { enum: CLOSURE_ACCOUNT_TYPES, description: 'The kind of account closed.', example: 'bank_account' },
    }),
    accountId: field.string({
      required: true,
      createOnly: true,
      max: 26,
      description: 'The account of that kind in this case (not the estate account, not closed).',
      example: '01JBX8Q9W4M8Z7T3K2N5R6P0BA',
      view: { description: 'The account closed.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0BA' },
    }),
    institutionName: field.string({ readOnly: true, required: true, column: { length: 200 }, description: 'The bank, custodian or carrier, copied from the account.', example: 'First Prairie Bank' }),
    method: field.enum(CLOSURE_METHODS, {
      createOnly: true,
      // Always set by the use case (standard when the body leaves it out).
      column: { length: 20, nullable: false },
      description: 'standard by default; instant_transfer (bank accounts only) also moves what is still transferable into the estate account by an instant transfer.',
      example: 'standard',
      view: { enum: CLOSURE_METHODS, nullable: false, required: true, description: 'How the proceeds reach the estate account.', example: 'standard' },
    }),
    status: field.enum(CLOSURE_REQUEST_STATUSES, {
      readOnly: true,
      required: true,
      column: { length: 20 },
      description: 'requested until one of its steps starts, then in_progress, completed once every step is completed or skipped; cancelled by the cancel route.',
      example: 'requested',
    }),
    stepIds: field.stringArray({
      readOnly: true,
      column: { type: 'string[]', columnType: 'text[]' },
      description: 'Its five closure steps, in order (notify_institution … deposit_proceeds).',
      example: ['01JBX8Q9W4M8Z7T3K2N5R6P0S1'],
      view: { type: [String], nullable: false, required: true },
    }),
    transferId: field.string({ readOnly: true, max: 26, description: 'The instant transfer of an instant_transfer request; null otherwise.', example: null }),
    requestedBy: field.string({ readOnly: true, required: true, column: { length: 200 }, description: 'The user who made the request.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0US' }),
    completedAt: field.dateTime({ readOnly: true, description: 'When the request completed.', example: null }),
    cancelledAt: field.dateTime({ readOnly: true, description: 'When the request was cancelled.', example: null }),
    notes: field.text({
      column: { type: 'text' },
      description: 'Free notes.',
      example: 'The branch manager expects the letters by mail.',
      view: { nullable: true, type: String, description: 'Free notes.', example: null },
      patch: TextField({ description: 'Free notes.', example: 'Statements to be sent to the executor from now on.' }),
    }),
    // The account's status before the request, restored if it is cancelled; never shown.
    formerAccountStatus: field.string({ hidden: true, column: { length: 30 } }),
  },
  filters: { status: CLOSURE_REQUEST_STATUSES, account_type: CLOSURE_ACCOUNT_TYPES, account_id: { kind: 'equals', property: 'accountId' } },
  sorts: ['created_at'],
  tag: 'closure',
  // Every move, by its steps or the cancel route, is told as closure_request.status_changed; a notes patch as .updated.
  statusChanged: true,
});
