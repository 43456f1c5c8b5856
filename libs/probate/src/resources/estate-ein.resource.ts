import { declaredResourceKeyed, singletonResource } from '@estate/shared-kernel';
import { EstateEinDefaults } from '../application/estate-ein-defaults';
import { EstateEin } from '../domain/estate-ein';
import { EstateEinBody, EstateEinView, PatchEstateEinBody } from '../http/dto/estate-ein.dto';
import { EstateEinSchema } from '../infrastructure/persistence/estate-ein.schema';

const ADDRESS = { address1: '12 Elm Street', address2: null, city: 'Springfield', state: 'IL', zip: '62701' };

/** The estate's EIN (contract-extensions §10.6): one per case, deletable; `ein` encrypted and masked. */
export const estateEinResource = singletonResource<EstateEin>({
  name: 'ein',
  path: 'ein',
  schema: EstateEinSchema,
  body: EstateEinBody,
  patch: PatchEstateEinBody,
  view: EstateEinView,
  deletable: true,
  // `requested` → `assigned` is told as `ein.status_changed` (§14.2).
  statusChanged: true,
  describe: {
    read: "The estate's EIN application and number; the EIN comes back masked. 404 while the case has none.",
    replace:
      'Creates the record (201) or replaces it whole (200). `mailing_address` is required unless `ein` is sent. Defaults come from the deceased, ' +
      'the executor and the probate case (`principal_state`, `principal_county`); `status`, `entity_type` and the SSN last fours are computed and cannot be sent. The service never calls the IRS.',
    patch: 'JSON Merge Patch of the writable fields; the rules of `PUT` hold for the merged record. 404 while the case has none.',
    delete: 'Deletes the EIN record; 404 while the case has none.',
  },
  examples: {
    replace: {
      requested: { summary: 'The SS-4 application sent online', value: { mailing_address: ADDRESS, applied_via: 'online', requested_date: '2026-09-02' } },
      assigned: { summary: 'The number the IRS assigned', value: { mailing_address: ADDRESS, ein: '91-1234567', assigned_date: '2026-09-02' } },
    },
    patch: { assigned: { summary: 'Record the assigned EIN', value: { ein: '91-1234567' } } },
  },
  tagDescription: "The estate's employer identification number: the Form SS-4 application and the number the IRS assigns, always returned masked.",
  masked: ['ein'],
  references: { confirmation_document_id: declaredResourceKeyed('document') },
  rules: (document, { today }) => EstateEin.problems(document, today),
  derivedBy: () => EstateEinDefaults,
});
