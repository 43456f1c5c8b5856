/** A record that names a document: its resource key (contract §14.2: `statement`, `filing`, …) and its id. */
export interface DocumentReferrer {
  type: string;
  id: string;
}

/**
 * A context's records that name a document of a case where the documents' declared-reference lookup cannot see them (a
 * filing's `document_ids`, a JSON array). The context implements it in its infrastructure (its SQL stays there) and
 * registers it with `DocumentReferences`; it answers ids, in the caller's running transaction.
 */
export abstract class DocumentReferrers {
  abstract namingDocument(caseId: string, documentId: string): Promise<DocumentReferrer[]>;
}

/**
 * Who names a document, asked before one is deleted (`409 document_in_use` lists them all, contract §11.1). A context
 * whose records name documents registers its `DocumentReferrers` in its module's `onModuleInit`; a declared case
 * resource whose `references` point at `documentResource` is found without one.
 */
export abstract class DocumentReferences {
  abstract register(referrers: DocumentReferrers): void;
  abstract referrersOf(caseId: string, documentId: string): Promise<DocumentReferrer[]>;
}

/** A file a context received (a statement's multipart `file` part), already spooled to disk by the upload parser. */
export interface ReceivedFile {
  path: string;
  sizeBytes: number;
  sha256: string;
  fileName: string;
  contentType: string;
  /** Counted once the file is received, before any database work (contract §11.1); `null` for a file without pages. */
  pageCount: number | null;
}

export interface NewDocument {
  type: string;
  title?: string | null;
  relatedType?: string | null;
  relatedId?: string | null;
  notes?: string | null;
  uploadedBy: string;
}

/** What another context's rules read of a document (a fax counts the pages of PDF and TIFF files). */
export interface DocumentFacts {
  id: string;
  fileName: string;
  contentType: string;
  /** Null when unknown (JPEG, PNG, a PDF whose pages are all in compressed object streams). */
  pageCount: number | null;
}

/**
 * Documents as other contexts use them: make one in the caller's transaction from a received file (a statement's
 * upload, a notarization's result), check that an id names a document of the case, and read what describes some. The
 * reads run in the caller's running transaction when there is one.
 */
export abstract class CaseDocuments {
  /** Creates the document and stores its bytes in the caller's unit of work (it joins the running one); answers its view. */
  abstract create(caseId: string, file: ReceivedFile, fields: NewDocument): Promise<Record<string, unknown>>;
  abstract exists(caseId: string, documentId: string): Promise<boolean>;
  /** The documents of the case among `documentIds` (ids naming none of them are left out), in no particular order. */
  abstract describe(caseId: string, documentIds: readonly string[]): Promise<DocumentFacts[]>;
}

/**
 * Reads the two-letter state of a case's probate case (contract §10.1), or null when the case has none, in the caller's
 * running transaction.
 */
export type ProbateStateReader = (caseId: string) => Promise<string | null>;

/**
 * The state of the case's probate case, where a notarization asks for a notary commissioned (contract-extensions
 * §11.4: the simulated notary's `commission_state`, `UT` when there is none). The probate case (§10.1) is another
 * context's and is not built yet: until that context registers its reader in its module's `onModuleInit`
 * (`answerWith`), every case answers null.
 */
export abstract class CaseProbateState {
  abstract answerWith(reader: ProbateStateReader): void;
  abstract stateOf(caseId: string): Promise<string | null>;
}

/** A bank statement as the court accounting reads it (contract-extensions §16.6): its account, period end and closing. */
export interface StatementClosingFacts {
  bankAccountId: string;
  periodEnd: string;
  /** Exact `numeric` text; `null` when the statement gave none. */
  closingBalance: string | null;
}

/** The statements of a case's bank accounts, as data, in the caller's transaction (the accounting's one read). */
export abstract class CaseStatementClosings {
  abstract ofCase(caseId: string): Promise<StatementClosingFacts[]>;
}

/** What a record's `document_ids` must name (contract-extensions §10.0), for the contexts whose records carry them. */
export { documentIdsProblems } from './domain/document-ids';
