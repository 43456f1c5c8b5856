import { caseResource } from '@estate/shared-kernel';
import { Filing } from '../domain/filing';
import { FILING_STATUSES, FILING_TYPES } from '../domain/probate-court-vocabulary';
import { CreateFilingBody, FilingView, PatchFilingBody } from '../http/dto/filing.dto';
import { FilingSchema } from '../infrastructure/persistence/probate-court.schemas';
import { PrepareFiling } from '../application/prepare-filing.service';
import { RemoveFiling } from '../application/remove-filing.service';
import { ReviseFiling } from '../application/revise-filing.service';

/**
 * Filings of the probate case (contract-extensions §10.2): an aggregate (status moves and what each needs, the form
 * of the probate case's state, documents of the case). A document a filing names cannot be deleted (`409
 * document_in_use`, through the documents' referrers port, registered by ProbateModule).
 */
export const filingResource = caseResource<Filing>({
  name: 'filing',
  path: 'probate/filings',
  idParam: 'filing_id',
  schema: FilingSchema,
  kind: 'aggregate',
  useCases: { create: () => PrepareFiling, patch: () => ReviseFiling, delete: () => RemoveFiling },
  create: CreateFilingBody,
  patch: PatchFilingBody,
  view: FilingView,
  filters: { filing_type: FILING_TYPES, status: FILING_STATUSES },
  sorts: ['created_at', 'filed_date'],
  tag: 'probate',
  statusChanged: true,
});
