import type { AccountingDocumentJson } from '../../domain/accounting-document';

export interface AccountingPdfRequest {
  document: AccountingDocumentJson;
  /** The case, named in every page's footer. */
  caseId: string;
  /** Which account of the estate it is (1 for the first): its title says "First", "Second"… */
  ordinal: number;
}

/**
 * The accounting as the court-ready PDF of contract-extensions §16.8. The same request always renders the same bytes:
 * its `CreationDate` is the document's `created_at` (live: `computed_at`) and nothing random is written.
 */
export abstract class AccountingPdf {
  abstract render(request: AccountingPdfRequest): Promise<Buffer>;
}
