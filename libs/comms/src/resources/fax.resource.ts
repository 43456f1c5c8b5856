import { institutionContactResource } from '@estate/assets';
import { caseResource } from '@estate/shared-kernel';
import { ReviseFaxNotes } from '../application/revise-fax-notes';
import { SendFax } from '../application/send-fax';
import { FAX_STATUSES } from '../domain/comms-vocabulary';
import { Fax } from '../domain/fax';
import { CreateFaxBody, FaxView, PatchFaxBody } from '../http/dto/fax.dto';
import { simulatedFaxTestValues } from '../infrastructure/fax/simulated-fax-provider';
import { FaxSchema } from '../infrastructure/persistence/comms.schemas';

/**
 * Faxes (contract-extensions §11.5): an aggregate read through the kernel, sent by its own use case (`queued`), its
 * notes patched by another; moved only by the provider processor or the cancel route. Communication records: no
 * `DELETE` (405). A document a fax names cannot be deleted (`409 document_in_use`, through the documents' referrers
 * port, registered by CommsModule).
 */
export const faxResource = caseResource<Fax>({
  name: 'fax',
  path: 'faxes',
  idParam: 'fax_id',
  schema: FaxSchema,
  kind: 'aggregate',
  useCases: { create: () => SendFax, patch: () => ReviseFaxNotes },
  create: CreateFaxBody,
  patch: PatchFaxBody,
  view: FaxView,
  filters: { status: FAX_STATUSES, institution_contact_id: { kind: 'equals', property: 'institutionContactId' } },
  sorts: ['created_at'],
  tagDescription: [
    'Faxes of documents of the case to institutions.',
    '',
    '**Test values.** Unless the deployment configures a real provider, faxes go to a simulator that dials nothing; ' +
      'the last four digits of `to_number` decide what happens:',
    '',
    simulatedFaxTestValues(),
  ].join('\n'),
  // Every move, by the processor or the cancel route, is told as fax.status_changed; a notes patch as fax.updated.
  statusChanged: true,
  // A contact of the same case, or null; deleting the contact sets it to null (the number stays on the fax).
  references: { institution_contact_id: () => institutionContactResource },
});
