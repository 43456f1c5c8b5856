/**
 * Contract-extensions §11.4: a real provider still unreachable after 5 tries moves its record to the failed status
 * with `provider_unavailable`; the tries wait 1, 2, 4, 8 and 16 s. A record that waits on a provider counts its failed
 * tries in a row and asks this when the next is due.
 */
export const PROVIDER_TRIES = 5;

/** After `failedTries` failed calls in a row (1 for the first): when to call again, or null to give up. */
export function nextProviderTry(failedTries: number, now: Date): Date | null {
  if (failedTries >= PROVIDER_TRIES) return null;
  return new Date(now.getTime() + 1000 * 2 ** (failedTries - 1));
}
