/**
 * The documents of a case as a verification needs them: which ids name one, and of what type (a death certificate to
 * review). Bound by this context to the documents context's declared records; read in the caller's transaction.
 */
export abstract class VerificationDocuments {
  /** The type of each id that names a document of the case; ids of no document of the case are absent. */
  abstract typesOf(caseId: string, ids: readonly string[]): Promise<Map<string, string>>;
}
