/** Request examples of the case context's routes (the case, the deceased, the authority, the executor), as the OpenAPI reference shows them. */

const address = { address1: '12 Elm Street', address2: 'Apt 4B', city: 'Springfield', state: 'IL', zip: '62701' };

export const DECEASED_EXAMPLE = {
  full_name: 'Margaret Ann Okafor',
  first_name: 'Margaret',
  middle_name: 'Ann',
  last_name: 'Okafor',
  date_of_birth: '1941-03-14',
  date_of_death: '2026-08-20',
  ssn: '123-45-6789',
  address,
  email: 'margaret.okafor@example.com',
  verification_level: 'death_certificate',
};

export const AUTHORITY_EXAMPLE = { level: 'level_2', types: ['executor_in_will', 'named_in_probate'] };

export const CREATE_CASE_EXAMPLES = {
  with_deceased_and_authority: {
    summary: 'A case with the deceased and the authority in one request',
    value: {
      onboarding_id: 'onb_2026_0042',
      queue_assignment: 'intake',
      estate_value: '100k_to_500k',
      progress: 'just_started',
      possible_dispute: 'no_dispute_expected',
      terms_accepted_at: '2026-09-01T12:05:00.000Z',
      deceased: DECEASED_EXAMPLE,
      authority: AUTHORITY_EXAMPLE,
    },
  },
  case_only: { summary: 'A case alone; the deceased and the authority come later', value: { queue_assignment: 'intake', progress: 'no_clue' } },
};

export const PATCH_CASE_EXAMPLES = {
  progress: { summary: 'Record progress and the estate value', value: { progress: 'making_progress', estate_value: '500k_to_1m' } },
  clear: { summary: 'Clear the queue assignment', value: { queue_assignment: null } },
};

export const PUT_DECEASED_EXAMPLES = {
  full: { summary: 'The deceased with an address', value: DECEASED_EXAMPLE },
  minimal: { summary: 'Only the required fields', value: { first_name: 'Margaret', last_name: 'Okafor', date_of_death: '2026-08-20' } },
};

export const PUT_AUTHORITY_EXAMPLES = { executor: { summary: 'An executor named in the will and in probate', value: AUTHORITY_EXAMPLE } };

export const PATCH_AUTHORITY_EXAMPLES = { level: { summary: 'Raise the level once letters are issued', value: { level: 'level_3' } } };

export const EXECUTOR_EXAMPLE = {
  first_name: 'Grace',
  middle_name: 'Adaeze',
  last_name: 'Okafor',
  email: 'grace.okafor@example.com',
  phone: '+1 217 555 0134',
  date_of_birth: '1968-05-02',
  ssn: '987-65-4321',
  address,
  relationship_to_deceased: 'child',
  role: 'executor',
  is_professional: false,
  appointment_date: '2026-09-15',
  letters_issued_date: '2026-09-22',
  bond_status: 'posted',
  bond_amount: 250000,
  surety_name: 'Prairie Surety Co.',
  bond_number: 'PS-2026-00417',
  irs_form_56_filed_date: '2026-09-30',
};

export const PUT_EXECUTOR_EXAMPLES = {
  full: { summary: 'An executor named in the will, bonded, Form 56 filed', value: EXECUTOR_EXAMPLE },
  minimal: { summary: 'Only the required fields; letters_type follows the role', value: { first_name: 'Grace', last_name: 'Okafor', role: 'administrator' } },
};

export const PATCH_EXECUTOR_EXAMPLES = {
  letters: { summary: 'Record the letters once issued', value: { letters_issued_date: '2026-09-22', letters_document_id: '01JBX8Q9W4M8Z7T3K2N5R6P0DC' } },
  bond_waived: { summary: 'The will waives the bond', value: { bond_status: 'waived', bond_amount: null, surety_name: null } },
};
