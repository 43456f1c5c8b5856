import { caseResource, field } from '@estate/shared-kernel';
import { InitiateNotarization } from '../application/initiate-notarization';
import { ReviseNotarization } from '../application/revise-notarization';
import { Notarization } from '../domain/notarization';
import { MAX_SIGNERS, NOTARIAL_ACT_TYPES, NOTARIZATION_FAILURE_REASONS, NOTARIZATION_STATUSES } from '../domain/notarization-vocabulary';
import { NotarizationJournalView, NotarizationSignerBody, NotarizationSignerView, NotaryView } from '../http/dto/notarization.dto';
import { simulatedNotaryTestValues } from '../infrastructure/notary/simulated-notary-provider';
import { documentResource } from './document.resource';
import { notarizationProblems } from './notarization.rules';

const DOCUMENT_EXAMPLE = '01JBX8Q9W4M8Z7T3K2N5R6P0DC';

/**
 * Remote online notarizations (contract-extensions §11.6): an aggregate read through the kernel, created by its own
 * use case, its `title` and `notes` patched (all else is create-only or the provider's), cancelled by its own route,
 * never deleted (405). The notary provider moves it in the background. It names two documents — the one it notarizes
 * and the notarized one — so neither can be deleted while it exists (`409 document_in_use`, found from the references).
 */
export const notarizationResource = caseResource({
  name: 'notarization',
  path: 'notarizations',
  idParam: 'notarization_id',
  table: 'notarizations',
  entity: Notarization,
  kind: 'aggregate',
  useCases: { create: () => InitiateNotarization, patch: () => ReviseNotarization },
  without: ['delete'],
  fields: {
    documentId: field.reference(() => documentResource, {
      required: true,
      createOnly: true,
      view: { description: 'The PDF document notarized.' },
      description: 'The PDF document of the case to notarize.',
      example: DOCUMENT_EXAMPLE,
    }),
    title: field.string({ required: true, description: 'What is notarized.', example: 'Affidavit of heirship' }),
    signers: field.objectArray(() => NotarizationSignerBody, {
      required: true,
      createOnly: true,
      maxItems: MAX_SIGNERS,
      description: 'The 1 to 4 people who sign; the first one’s address drives the simulator.',
      view: { type: () => NotarizationSignerView, isArray: true, description: 'The signers and where each stands.' },
    }),
    // Optional in the body, never null once stored: the notarization's rules start it at `acknowledgment`.
    actType: field.enum(NOTARIAL_ACT_TYPES, {
      createOnly: true,
      default: 'acknowledgment',
      column: { length: 20 },
      view: { enum: NOTARIAL_ACT_TYPES, nullable: false, required: true, description: 'The notarial act.' },
      description: 'The notarial act; `acknowledgment` when unset.',
      example: 'acknowledgment',
    }),
    notes: field.text({ description: 'Free notes.', example: 'The heirs sign together.' }),
    status: field.enum(NOTARIZATION_STATUSES, {
      required: true,
      readOnly: true,
      column: { length: 20 },
      description: '`pending_signers` on create; moved by the provider, the expiry and cancel.',
      example: 'pending_signers',
    }),
    sessionUrl: field.string({ readOnly: true, max: 2000, description: 'Where the signers join the session; set by the provider once it invited them.', example: null }),
    notarizedDocumentId: field.reference(() => documentResource, {
      readOnly: true,
      description: 'The notarized PDF, a new document of the case; set on `completed`.',
      example: null,
    }),
    notary: field.object(() => NotaryView, { readOnly: true, description: 'The notary, set when one joins.' }),
    journal: field.object(() => NotarizationJournalView, { readOnly: true, description: 'The RON journal facts, set on `completed`.' }),
    expiresAt: field.dateTime({ required: true, readOnly: true, description: 'Seven days after creation; still open then, it expires.' }),
    failureReason: field.enum(NOTARIZATION_FAILURE_REASONS, { readOnly: true, column: { length: 40 }, description: 'Why it failed.', example: null }),
    initiatedBy: field.string({ required: true, readOnly: true, max: 26, description: 'The user who initiated it.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0US' }),
    // The provider's reference of the transaction and the step bookkeeping (contract §11.4), kept out of the view.
    providerTransactionId: field.string({ hidden: true }),
    nextCheckAt: field.dateTime({ hidden: true }),
    providerAttempts: field.integer({ hidden: true, default: 0 }),
  },
  filters: { status: NOTARIZATION_STATUSES, act_type: NOTARIAL_ACT_TYPES },
  sorts: ['created_at', 'expires_at'],
  tagDescription: [
    'Remote online notarizations of PDF documents of the case; the notarized PDF becomes a new document.',
    '',
    '**Test values.** Unless the deployment configures a real provider, notarizations go to a simulator that notarizes nothing; ' +
      "the first signer's local part (before any `+`, any case) decides what happens:",
    '',
    simulatedNotaryTestValues(),
  ].join('\n'),
  // The provider's steps, the expiry and cancel move `status`: notarization.status_changed.
  statusChanged: true,
  rules: notarizationProblems,
});
