import { caseResource } from '@estate/shared-kernel';
import { InitiateNotarization } from '../application/initiate-notarization';
import { ReviseNotarization } from '../application/revise-notarization';
import { Notarization } from '../domain/notarization';
import { NOTARIAL_ACT_TYPES, NOTARIZATION_STATUSES } from '../domain/notarization-vocabulary';
import { CreateNotarizationBody, NotarizationView, PatchNotarizationBody } from '../http/dto/notarization.dto';
import { simulatedNotaryTestValues } from '../infrastructure/notary/simulated-notary-provider';
import { NotarizationSchema } from '../infrastructure/persistence/notarization.schema';
import { documentResource } from './document.resource';
import { notarizationProblems } from './notarization.rules';

/**
 * Remote online notarizations (contract-extensions §11.6): an aggregate read through the kernel, created by its own
 * use case, its `title` and `notes` patched, cancelled by its own route, never deleted (405). The notary provider
 * moves it in the background. It names two documents — the one it notarizes and the notarized one — so neither can be
 * deleted while it exists (`409 document_in_use`, found from `references`).
 */
export const notarizationResource = caseResource<Notarization>({
  name: 'notarization',
  path: 'notarizations',
  idParam: 'notarization_id',
  schema: NotarizationSchema,
  kind: 'aggregate',
  useCases: { create: () => InitiateNotarization, patch: () => ReviseNotarization },
  without: ['delete'],
  create: CreateNotarizationBody,
  patch: PatchNotarizationBody,
  view: NotarizationView,
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
  references: { document_id: () => documentResource, notarized_document_id: () => documentResource },
  rules: notarizationProblems,
});
