/** A business of the case (§12.6) as another context reads it: its name and EIN (in full: never to be shown unmasked). */
export interface BusinessSnapshot {
  id: string;
  businessName: string;
  ein: string | null;
}

/** Port: the case's businesses as other contexts read them (a search of a business's bank accounts, §15.2). */
export abstract class CaseBusinesses {
  /** A business of the case, or null when the case has none with that id; in the caller's transaction. */
  abstract ofCase(caseId: string, businessId: string): Promise<BusinessSnapshot | null>;
}
