/** Request examples of the persons' routes, as the OpenAPI reference shows them: a family as heirship reads it (§17.3). */

export const CREATE_PERSON_EXAMPLES = {
  minimal: { summary: 'Only the required fields', value: { first_name: 'Grace', last_name: 'Okafor', relationship: 'daughter' } },
  spouse: {
    summary: 'The surviving spouse, who has no children of their own',
    value: { first_name: 'Samuel', last_name: 'Okafor', relationship: 'husband', is_beneficiary: true, kinship: 'spouse', spouse_has_other_descendants: false },
  },
  child: {
    summary: 'A child of the deceased and the spouse',
    value: { first_name: 'Grace', last_name: 'Okafor', relationship: 'daughter', is_beneficiary: true, kinship: 'child', descendant_of_spouse: true },
  },
  grandchild: {
    summary: 'A grandchild, through a child who died before the deceased',
    value: { first_name: 'Ada', last_name: 'Okafor', relationship: 'granddaughter', kinship: 'grandchild', through_person_id: '01JBX8Q9W4M8Z7T3K2N5R6P0PE' },
  },
  aunt: {
    summary: 'An aunt on the mother’s side',
    value: { first_name: 'Ruth', last_name: 'Adeyemi', relationship: 'aunt', kinship: 'aunt_or_uncle', side: 'maternal' },
  },
};

export const PATCH_PERSON_EXAMPLES = {
  kinship: { summary: 'Record a kinship', value: { kinship: 'child', descendant_of_spouse: false } },
  deceased: { summary: 'Record that the person died before the deceased', value: { is_deceased: true } },
  clear: { summary: 'Clear the phone number', value: { phone: null } },
};
