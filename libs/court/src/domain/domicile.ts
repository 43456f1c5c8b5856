/**
 * The estate's domicile (contract-extensions §17.2), whose law governs its death taxes and its intestate succession:
 * the state a request names, else the probate case's, else the state of the deceased's last residence; `null` when
 * none of them is known.
 */
export function domicileOf(named: string | null | undefined, probateCaseState: string | null, residenceState: string | null): string | null {
  return named ?? probateCaseState ?? residenceState ?? null;
}
