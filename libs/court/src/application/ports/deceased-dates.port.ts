/** The deceased's date of death, the generator's default (contract §3.2 "Deadline generator"), and their home state. */
export abstract class DeceasedDates {
  abstract dateOfDeath(caseId: string): Promise<string | null>;
  /** The state of the deceased's address (the domicile when neither the body nor the probate case gives one), or null. */
  abstract addressStateOf(caseId: string): Promise<string | null>;
}
