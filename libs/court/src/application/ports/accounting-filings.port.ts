/**
 * The filings of a case that name a settled accounting (`accounting_id`, contract-extensions §16.10), in the running
 * transaction: the court accounting refuses to delete an accounting a filing names, as documents refuse theirs.
 */
export abstract class AccountingFilings {
  /** The ids of the filings naming it, in id order; none → `[]`. */
  abstract namingAccounting(caseId: string, accountingId: string): Promise<string[]>;
}
