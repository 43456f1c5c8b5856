import type { SearchOutcome } from '../../domain/search';
import type { SearchParameters } from '../../domain/search-parameters';
import type { SearchType } from '../../domain/search-vocabulary';

/** The deceased as a search provider is asked about them (the SSN in full: for the request only, never logged). */
export interface SearchSubject {
  firstName: string | null;
  lastName: string | null;
  dateOfDeath: string | null;
  ssn: string | null;
}

export interface SearchRequest {
  /** Our search id: providers keep it as a reference (and a simulator derives its own from it). */
  searchId: string;
  type: SearchType;
  parameters: SearchParameters;
  /** The business's EIN in full (`business_bank_account`), or null. */
  businessEin: string | null;
  /** Null when the case has no deceased record (a business search needs none). */
  deceased: SearchSubject | null;
}

/**
 * The search port (contract-extensions §11.4, §15.2). `start` hands a search to the provider (a `pending` search
 * becomes `in_progress`); `outcome` asks whether it has finished (null: not yet). No provider call runs inside an HTTP
 * request: the search processor makes both in the background. `SEARCH_PROVIDER` selects the adapter (`simulator` by
 * default). An adapter that cannot reach its provider throws; the processor retries, then fails the search with
 * `provider_unavailable`.
 */
export abstract class SearchProvider {
  abstract readonly name: string;
  abstract start(request: SearchRequest): Promise<{ reference: string }>;
  abstract outcome(request: SearchRequest & { reference: string }): Promise<SearchOutcome | null>;
}
