/** The deceased's date of death, the generator's default (contract §3.2 "Deadline generator"). */
export abstract class DeceasedDates {
  abstract dateOfDeath(caseId: string): Promise<string | null>;
}
