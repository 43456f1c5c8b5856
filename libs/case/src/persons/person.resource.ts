import { caseResource, ErrorDetail, field, findRecords, JsonObject, ResourceRecord, WriteContext } from '@estate/shared-kernel';
import { FAMILY_SIDES, KINSHIPS, type Kinship, WAIVER_STATUSES } from '../domain/case-vocabulary';
import { kinshipNeeds, kinshipProblems } from '../domain/person-kinship';
import { CREATE_PERSON_EXAMPLES, PATCH_PERSON_EXAMPLES } from './person-examples';

/** Whether the kinship rules read other persons for this document (none read for a plain person). */
function kinshipRulesRead(document: JsonObject): boolean {
  const needs = kinshipNeeds(document);
  return needs.throughPersonId !== null || needs.otherSpouses;
}

/**
 * The kinship rules (contract-extensions §17.3) on a create and on the merged result of a patch. They read other
 * persons only when the fields call for it (a `through_person_id`, a living spouse), so a plain person's write stays
 * one statement. Race-safe for the one-living-spouse rule because a write whose rules read holds the case row first
 * (`kinshipRulesRead`).
 */
async function kinshipRules(document: JsonObject, { em, scope, id }: WriteContext): Promise<ErrorDetail[]> {
  const needs = kinshipNeeds(document);
  const [through] = needs.throughPersonId === null ? [] : await findRecords(em, personResource.schema, [{ caseId: scope.caseId, id: needs.throughPersonId }]);
  const otherLivingSpouses = needs.otherSpouses
    ? await findRecords(em, personResource.schema, [{ caseId: scope.caseId, kinship: 'spouse', isDeceased: false, ...(id ? { id: { $ne: id } } : {}) }])
    : [];
  return kinshipProblems(document, { through: through ? { id: through.id, kinship: (through.kinship ?? null) as Kinship | null } : null, otherLivingSpouses }, id ?? null);
}

/** Heirs, beneficiaries and other interested persons: a plain record on the kernel's resource machinery. */
export const personResource = caseResource({
  name: 'person',
  path: 'persons',
  idParam: 'person_id',
  table: 'persons',
  fields: {
    firstName: field.string({ required: true, description: 'Given name.', example: 'Grace' }),
    middleName: field.string({ description: 'Middle name.', example: 'Adaeze' }),
    lastName: field.string({ required: true, description: 'Family name.', example: 'Okafor' }),
    suffix: field.string({ max: 20, column: { length: 200 }, description: 'Name suffix.', example: 'Jr.' }),
    relationship: field.string({ required: true, description: 'Relationship to the deceased, free text.', example: 'daughter' }),
    email: field.email({ description: 'E-mail address.', example: 'grace.okafor@example.com' }),
    phone: field.string({ max: 40, description: 'Phone number, as given.', example: '+1 217 555 0134' }),
    isBeneficiary: field.boolean({ description: 'Whether the person inherits under the will or by law; false when unset.', example: true }),
    possibleDispute: field.boolean({ description: 'Whether the person may dispute the estate; false when unset.', example: false }),
    isDeceased: field.boolean({
      description: 'Whether the person has died too; false when unset. A relative who died before the deceased takes nothing, and their descendants take their place.',
      example: false,
    }),
    waiverStatus: field.enum(WAIVER_STATUSES, { description: 'Where the person stands on a waiver.', example: 'waiver_pending' }),
    kinship: field.enum(KINSHIPS, {
      description: 'Kinship to the deceased, as intestate succession orders heirs; null when not recorded. A case has at most one living spouse.',
      example: 'child',
    }),
    // A Person of the same case (contract §3.1): deleting that person clears it.
    throughPersonId: field.reference(() => personResource, {
      description:
        'The person of this case this relative descends through: a grandchild’s parent (a child), a great-grandchild’s (a grandchild), a niece’s or nephew’s (a sibling or half_sibling), a first cousin’s (an aunt_or_uncle).',
      example: '01JBX8Q9W4M8Z7T3K2N5R6P0PE',
    }),
    descendantOfSpouse: field.boolean({
      default: undefined,
      description: 'For a child, grandchild or great-grandchild: whether they are also a descendant of the surviving spouse; null when not known.',
      example: true,
    }),
    spouseHasOtherDescendants: field.boolean({
      default: undefined,
      description: 'For the spouse: whether the surviving spouse has descendants who are not the deceased’s; null when not known.',
      example: false,
    }),
    side: field.enum(FAMILY_SIDES, { description: 'For a grandparent, an aunt or uncle or a first cousin: the side of the family.', example: 'maternal' }),
  },
  filters: {
    waiver_status: WAIVER_STATUSES,
    is_beneficiary: { kind: 'boolean' },
    relationship: { kind: 'contains_text' },
  },
  sorts: ['created_at', 'updated_at', 'last_name'],
  specRoutes: { patch: 9 },
  rules: kinshipRules,
  rulesRead: kinshipRulesRead,
  requestExamples: { create: CREATE_PERSON_EXAMPLES, patch: PATCH_PERSON_EXAMPLES },
  tagDescription: 'Heirs, beneficiaries and other people involved in the estate.',
});

export type Person = ResourceRecord<typeof personResource>;
