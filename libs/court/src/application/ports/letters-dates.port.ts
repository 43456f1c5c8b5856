/**
 * The day letters were issued to the personal representative as the case records it, or `null`: the deadline
 * generator's default for `letters_issued_date` (contract §3.2 "Deadline generator": the body's, else the executor's,
 * else the probate case's — which records no letters date, §10.1).
 */
export abstract class LettersDates {
  abstract lettersIssuedDate(caseId: string): Promise<string | null>;
}
