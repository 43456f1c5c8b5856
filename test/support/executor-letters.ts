/** The letters the court issues to each role (contract-extensions §10.5): what an executor's `letters_type` defaults to. */
export const LETTERS_OF_ROLE: Readonly<Record<string, string>> = {
  executor: 'letters_testamentary',
  administrator: 'letters_of_administration',
  administrator_with_will_annexed: 'letters_of_administration_with_will_annexed',
  special_administrator: 'letters_of_special_administration',
  successor: 'letters_of_administration',
};
