/** What every case-scoped record carries besides its own fields; domain classes `implements` it (type only). */
export interface CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}
