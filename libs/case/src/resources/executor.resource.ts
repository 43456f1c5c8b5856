import { AddressDto, declaredResourceKeyed, field, singletonResource } from '@estate/shared-kernel';
import { ExecutorIdentityRecords } from '../application/executor-identity-records';
import { BOND_STATUSES, EXECUTOR_ROLES, IDENTITY_STATUSES, LETTERS_TYPES, RELATIONSHIPS_TO_DECEASED } from '../domain/case-vocabulary';
import { Executor } from '../domain/executor';
import { PATCH_EXECUTOR_EXAMPLES, PUT_EXECUTOR_EXAMPLES } from './examples';
import { personResource } from '../persons/person.resource';
import { deceasedResource } from './deceased.resource';

/**
 * The executor (contract-extensions §10.5): one per case, created by the first `PUT`, replaced by the next, merged by
 * `PATCH`, and — unlike the deceased and the authority — deleted on its own. Its `identity_status` mirrors the newest
 * executor identity verification (§11.7), kept by the verifications context through `ExecutorIdentity`; it is not
 * writable (sending it is 422). `letters_type` and `bond_status` are always stored: defaulted when a body leaves them out.
 */
export const executorResource = singletonResource({
  name: 'executor',
  path: 'executor',
  table: 'executors',
  entity: Executor,
  timestampsShown: true,
  fields: {
    firstName: field.string({ required: true, description: 'Given name.', example: 'Grace' }),
    middleName: field.string({ description: 'Middle name.', example: 'Adaeze' }),
    lastName: field.string({ required: true, description: 'Family name.', example: 'Okafor' }),
    suffix: field.string({ max: 20, description: 'Name suffix.', example: 'Jr.' }),
    email: field.email({ description: 'E-mail address.', example: 'grace.okafor@example.com' }),
    phone: field.string({ max: 40, description: 'Phone number, as given.', example: '+1 217 555 0134' }),
    dateOfBirth: field.date({ description: 'Date of birth.', example: '1968-05-02' }),
    ssn: field.ssn({ example: '987-65-4321' }),
    address: field.object(() => AddressDto, { description: 'Mailing address.' }),
    relationshipToDeceased: field.enum(RELATIONSHIPS_TO_DECEASED, { description: 'How the executor is related to the deceased.', example: 'child' }),
    // A Person of the case, and a document of the case (the documents context sits above this one: named by its key).
    personId: field.reference(() => personResource, { description: 'The Person of this case the executor is, if recorded there.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0PE' }),
    role: field.enum(EXECUTOR_ROLES, { required: true, description: 'The capacity in which the court appointed them.', example: 'executor', column: { length: 40 } }),
    isProfessional: field.boolean({ description: 'Whether a professional fiduciary acts (a bank, a lawyer); false when unset.', example: false }),
    firmName: field.string({ description: "The professional's firm.", example: 'Okafor & Reyes LLP' }),
    appointmentDate: field.date({ description: 'Day the court appointed them; not after today, nor before the date of death.', example: '2026-09-15' }),
    lettersType: field.enum(LETTERS_TYPES, {
      description: 'The letters issued; defaults from `role` (executor → letters_testamentary, …).',
      example: 'letters_testamentary',
      column: { length: 60, nullable: false },
    }),
    lettersIssuedDate: field.date({ description: 'Day the letters were issued; not after today, nor before appointment_date.', example: '2026-09-22' }),
    lettersDocumentId: field.reference(declaredResourceKeyed('document'), { description: 'The document of this case holding the letters.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0DC' }),
    bondStatus: field.enum(BOND_STATUSES, { description: 'Whether a probate bond is needed; not_required when unset.', example: 'posted', column: { length: 20, nullable: false } }),
    bondAmount: field.money({ min: 0, description: 'Amount of the bond; > 0 when posted, null when not_required or waived.', example: 250000 }),
    suretyName: field.string({ description: 'The surety company; needed when the bond is posted.', example: 'Prairie Surety Co.' }),
    bondNumber: field.string({ max: 100, description: "The bond's number.", example: 'PS-2026-00417' }),
    irsForm56FiledDate: field.date({
      description: 'Day IRS Form 56 (notice of the fiduciary relationship) was filed; not after today.',
      example: '2026-09-30',
      column: { fieldName: 'irs_form_56_filed_date' },
    }),
    irsForm56TerminatedDate: field.date({
      description: 'Day Form 56 was filed again to end the relationship; needs the filing date, not before it.',
      example: '2026-11-20',
      column: { fieldName: 'irs_form_56_terminated_date' },
    }),
    identityStatus: field.enum(IDENTITY_STATUSES, {
      readOnly: true,
      description:
        'Computed: the newest identity verification of the executor — unverified (none yet), pending (pending or processing), verified or failed. Cancelled verifications do not count.',
      example: 'verified',
      view: { enum: [...IDENTITY_STATUSES] },
      column: { length: 20, nullable: false },
    }),
    notes: field.text({ description: 'Free-text notes.', example: 'Eldest daughter; lives in Springfield.', column: { type: 'text', length: undefined } }),
  },
  deletable: true,
  describe: {
    read: 'The personal representative; the SSN comes back masked. 404 while the case has none.',
    replace:
      'Creates the record (201) or replaces it whole (200). `first_name`, `last_name` and `role` are required; the SSN is accepted in full. ' +
      '`letters_type` defaults from `role`, `bond_status` to `not_required`; `identity_status` is computed and cannot be sent.',
    patch: 'JSON Merge Patch of the writable fields; the rules of `PUT` hold for the merged record. 404 while the case has none.',
    delete: 'Deletes the executor record (its identity verifications stay); 404 while the case has none.',
  },
  examples: { replace: PUT_EXECUTOR_EXAMPLES, patch: PATCH_EXECUTOR_EXAMPLES },
  tagDescription:
    'The executor (personal representative): appointment, letters, bond, IRS Form 56. The SSN is accepted in full and always returned masked; ' +
    '`identity_status` follows their newest identity verification.',
  rules: async (document, { today, em, caseId }) => {
    const deceased = await em.findOne(deceasedResource.schema, { caseId });
    return Executor.problems(document, today, deceased?.dateOfDeath ?? null);
  },
  derive: (executor) => Executor.fillDefaults(executor),
  derivedBy: () => ExecutorIdentityRecords,
});
