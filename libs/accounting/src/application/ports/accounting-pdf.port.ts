import type { AccountingDocumentJson } from '../../domain/accounting-document';

/** A party who signs a paper: the attorney of record, or the fiduciary in pro per. */
export interface PaperParty {
  name: string;
  /** The attorney's State Bar number; `null` for a fiduciary in pro per. */
  barNumber: string | null;
  firm: string | null;
  /** The mailing address, one line each (street, unit, "City, ST zip"). */
  addressLines: string[];
  phone: string | null;
  email: string | null;
}

/**
 * What a paper names beside the account itself (contract-extensions §16.10), read from the case when the PDF is asked
 * for: who files it, when it is heard, the state by name and its account statute. Not part of the stored document: the
 * hearing is set, and the attorney may change, after the account is settled.
 */
export interface AccountingPaper {
  /** The probate case's state by name (`California`); `null` without a probate case. */
  stateName: string | null;
  /** The attorney of record; `null` when the fiduciary files in pro per. */
  attorney: PaperParty | null;
  /** The fiduciary as a party (their own block in pro per), `null` without an executor. */
  fiduciary: PaperParty | null;
  /** Where the fiduciary signs (`Pasadena, California`), from their address; `null` when unknown. */
  placeOfExecution: string | null;
  hearing: { date: string | null; time: string | null; department: string | null };
  /** The statute the state's accounts are made under, as the reference file cites it; `null` where it has none. */
  accountStatute: string | null;
}

/** A paper naming nobody: what a PDF shows when the case records none of it. */
export const NO_PAPER: AccountingPaper = { stateName: null, attorney: null, fiduciary: null, placeOfExecution: null, hearing: { date: null, time: null, department: null }, accountStatute: null };

export interface AccountingPdfRequest {
  document: AccountingDocumentJson;
  /** The case, named in small print in every page's footer. */
  caseId: string;
  /** Which account of the estate it is (1 for the first): its title says "First", "Second"… */
  ordinal: number;
  paper: AccountingPaper;
}

/**
 * The accounting as the court-ready PDF of contract-extensions §16.8 and §16.10. The same request always renders the
 * same bytes: its `CreationDate` is the document's `created_at` (live: `computed_at`) and nothing random is written.
 */
export abstract class AccountingPdf {
  abstract render(request: AccountingPdfRequest): Promise<Buffer>;
}
