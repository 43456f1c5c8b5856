import { AddressDto, declaredResourceKeyed, field, singletonResource } from '@estate/shared-kernel';
import { EstateEinDefaults } from '../application/estate-ein-defaults';
import { EIN_APPLIED_VIA, EIN_REASONS, EIN_STATUSES, EstateEin } from '../domain/estate-ein';

const ADDRESS = { address1: '12 Elm Street', address2: null, city: 'Springfield', state: 'IL', zip: '62701' };

/**
 * The estate's EIN (contract-extensions §10.6): one per case, deletable; the Form SS-4 application and the assigned
 * number, `ein` encrypted and masked. `mailing_address` is required unless `ein` is sent; the computed fields cannot be
 * sent.
 */
export const estateEinResource = singletonResource({
  name: 'ein',
  typeName: 'estate ein',
  path: 'ein',
  table: 'estate_eins',
  entity: EstateEin,
  timestampsShown: true,
  fields: {
    legalName: field.string({ description: 'Line 1 of SS-4: the estate\'s legal name; defaults to "Estate of {deceased full name}".', example: 'Estate of Harold James Whitaker' }),
    careOfName: field.string({ description: 'The care-of line (the executor); defaults to "{executor name}, Executor".', example: 'Grace Okafor, Executor' }),
    mailingAddress: field.object(() => AddressDto, { description: 'Where the IRS writes; required unless `ein` is sent.' }),
    principalCounty: field.string({ max: 100, description: 'County of the principal business (the probate county).', example: 'Sangamon' }),
    principalState: field.string({ max: 2, pattern: /^[A-Z]{2}$/, patternMessage: '$property must be an upper-case USPS code', description: 'State of the principal business.', example: 'IL' }),
    responsiblePartyName: field.string({ description: 'The responsible party; defaults to the executor.', example: 'Grace Okafor' }),
    reasonForApplying: field.enum(EIN_REASONS, { description: 'Why the EIN is applied for; banking_purpose when unset.', example: 'banking_purpose' }),
    reasonDetail: field.string({ max: 500, description: 'The reason, when `other`.', example: 'Sale of real property' }),
    dateStarted: field.date({ description: 'Date the estate started; defaults to the date of death.', example: '2026-08-14' }),
    closingMonth: field.integer({ min: 1, max: 12, description: 'Closing month of the accounting year, 1–12; 12 when unset.', example: 12 }),
    appliedVia: field.enum(EIN_APPLIED_VIA, { description: 'How the application was sent.', example: 'online', column: { length: 10 } }),
    requestedDate: field.date({ description: 'Day the application was sent.', example: '2026-09-02' }),
    ein: field.ein({
      description: 'The number the IRS assigned, NN-NNNNNNN with a prefix the IRS issues; stored encrypted, returned masked.',
      example: '91-1234567',
      view: { description: 'The EIN, masked: all but the last four characters read `*`.' },
    }),
    assignedDate: field.date({ description: 'Day the EIN was assigned; not after today; today (UTC) when `ein` is set without it.', example: '2026-09-02' }),
    confirmationDocumentId: field.reference(declaredResourceKeyed('document'), { description: 'The IRS CP 575 letter: a document of this case.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0DC' }),
    notes: field.text({ description: 'Free notes.', example: 'Applied online the day letters issued.', column: { type: 'text', length: undefined } }),
    responsiblePartySsnLast4: field.string({
      readOnly: true,
      max: 4,
      description: "Computed: the last four digits of the executor's SSN.",
      example: '4321',
      view: { type: String, nullable: true },
      column: { fieldName: 'responsible_party_ssn_last4' },
    }),
    decedentSsnLast4: field.string({
      readOnly: true,
      max: 4,
      description: "Computed: the last four digits of the deceased's SSN.",
      example: '6789',
      view: { type: String, nullable: true },
      column: { fieldName: 'decedent_ssn_last4' },
    }),
    entityType: field.enum(['estate'], { readOnly: true, description: 'The SS-4 entity type: always estate.', example: 'estate', view: { enum: ['estate'] }, column: { length: 20, nullable: false } }),
    status: field.enum(EIN_STATUSES, {
      readOnly: true,
      description: 'Computed: requested while ein is null, assigned once it is set.',
      example: 'assigned',
      view: { enum: [...EIN_STATUSES] },
      column: { length: 20, nullable: false },
    }),
  },
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
  rules: (document, { today }) => EstateEin.problems(document, today),
  derivedBy: () => EstateEinDefaults,
});
