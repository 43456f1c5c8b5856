import { institutionContactResource } from '@estate/assets';
import { caseResource, field } from '@estate/shared-kernel';
import { ReviseFaxNotes } from '../application/revise-fax-notes';
import { SendFax } from '../application/send-fax';
import { FAX_FAILURE_REASONS, FAX_STATUSES } from '../domain/comms-vocabulary';
import { E164, Fax, MAX_FAX_DOCUMENTS } from '../domain/fax';
import { simulatedFaxTestValues } from '../infrastructure/fax/simulated-fax-provider';

const DOCUMENT_EXAMPLE = ['01JBX8Q9W4M8Z7T3K2N5R6P0DC'];
const notYet = (description: string) => field.dateTime({ readOnly: true, description, example: null });

/**
 * Faxes (contract-extensions §11.5): an aggregate read through the kernel, sent by its own use case (`queued`), its
 * notes patched by another; moved only by the provider processor or the cancel route. Communication records: no
 * `DELETE` (405). A document a fax names cannot be deleted (`409 document_in_use`, through the documents' referrers
 * port, registered by CommsModule). What a send fixes is create-only: `notes` is all a patch writes.
 */
export const faxResource = caseResource({
  name: 'fax',
  path: 'faxes',
  idParam: 'fax_id',
  table: 'faxes',
  entity: Fax,
  kind: 'aggregate',
  useCases: { create: () => SendFax, patch: () => ReviseFaxNotes },
  fields: {
    // Optional in the body, never null once stored: the contact's fax number is copied when it is left out.
    toNumber: field.string({
      createOnly: true,
      max: 16,
      pattern: E164,
      patternMessage: '$property must be an E.164 number: + then 8 to 15 digits, e.g. +13125550142',
      column: { nullable: false },
      view: { type: String, nullable: false, required: true, description: 'The number faxed (E.164).' },
      description: "The number to fax, in E.164. Required unless `institution_contact_id` names a contact with `contact_methods.fax` (that number is then copied).",
      example: '+13125550142',
    }),
    fromNumber: field.string({ required: true, readOnly: true, max: 16, description: 'The number it is sent from (`FAX_FROM_NUMBER`).', example: '+12025550100' }),
    // A contact of the same case, or null; deleting the contact sets it to null (the number stays on the fax).
    institutionContactId: field.reference(() => institutionContactResource, {
      createOnly: true,
      view: { description: 'The institution contact faxed, or null.' },
      description: 'The institution contact faxed (same case), or null.',
      example: '01JBX8Q9W4M8Z7T3K2N5R6P0CD',
    }),
    documentIds: field.stringArray({
      required: true,
      createOnly: true,
      minItems: 1,
      maxItems: MAX_FAX_DOCUMENTS,
      view: { description: 'The documents sent, in order.' },
      description: 'The documents of the case to send, in order: 1 to 10 distinct PDF or TIFF documents with a known `page_count`.',
      example: DOCUMENT_EXAMPLE,
    }),
    coverPage: field.boolean({
      createOnly: true,
      default: true,
      view: { type: Boolean, nullable: false, required: true, description: 'Whether a cover page goes first.' },
      description: 'Whether a cover page goes first (it counts as one page); true when unset.',
      example: true,
    }),
    coverPageNote: field.text({
      createOnly: true,
      column: { type: 'text' },
      view: { description: 'The note on the cover page.' },
      description: 'A note printed on the cover page.',
      example: 'Letters testamentary for the estate of Samuel Okafor, as requested.',
    }),
    status: field.enum(FAX_STATUSES, {
      required: true,
      readOnly: true,
      default: 'queued',
      column: { length: 20 },
      description:
        '`queued` → `sending` → `delivered` or `failed`; `queued` → `failed` when the provider refuses it; `queued` → `cancelled` by the cancel route. Only the provider processor moves it otherwise.',
      example: 'queued',
    }),
    pages: field.integer({ required: true, readOnly: true, description: 'Pages in all: the documents’ page counts, plus one for the cover page.', example: 4 }),
    pagesSent: field.integer({ required: true, readOnly: true, default: 0, description: 'Pages the provider sent; 0 until it reports.', example: 0 }),
    failureReason: field.enum(FAX_FAILURE_REASONS, { readOnly: true, description: 'Why it failed; null unless `failed`.', example: null }),
    confirmationNumber: field.string({ readOnly: true, max: 100, description: "The provider's confirmation of a delivered fax.", example: null }),
    providerFaxId: field.string({ readOnly: true, max: 200, description: "The provider's id of the fax, once it took it.", example: null }),
    queuedAt: field.dateTime({ required: true, readOnly: true, description: 'When it was queued.', example: '2026-09-01T12:00:00.000Z' }),
    sendingAt: notYet('When the provider started sending it.'),
    deliveredAt: notYet('When it was delivered.'),
    failedAt: notYet('When it failed.'),
    // The user whose token sent it (contract-extensions §11.5).
    sentBy: field.string({ required: true, readOnly: true, description: 'The user who sent it.', example: '01JF7PZZ0000000000000000AB' }),
    notes: field.text({ column: { type: 'text' }, view: { description: 'Free notes.' }, description: 'Free notes, not sent.', example: 'Second attempt after the claims desk asked again.' }),
    // The processor's bookkeeping (contract-extensions §11.4): when to ask the provider next, its failed calls in a row.
    nextCheckAt: field.dateTime({ hidden: true }),
    providerAttempts: field.integer({ hidden: true, default: 0 }),
  },
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
});
