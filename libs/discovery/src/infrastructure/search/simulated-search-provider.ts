import type { SearchOutcome } from '../../domain/search';
import { BUSINESS_SEARCH_TYPE } from '../../domain/search-vocabulary';
import { SearchProvider, SearchRequest } from '../../application/ports/search-provider.port';

/** The ending that makes the simulator fail a search (contract-extensions §15.2). */
const FAILING_ENDING = '0000';
export const SIMULATED_NO_MATCHES = 'simulated: no matches';
export const SIMULATED_FAILURE = 'simulated: the search could not be completed';

/** The simulator's test values as the API reference lists them (a Markdown table). */
export function simulatedSearchTestValues(): string {
  return [
    '| Input | Outcome of `POST …/searches/initiate` |',
    '| --- | --- |',
    `| the deceased's \`ssn\` ending \`${FAILING_ENDING}\` | \`in_progress\`, then \`failed\` |`,
    `| \`business_bank_account\` with the business's EIN ending \`${FAILING_ENDING}\` | \`in_progress\`, then \`failed\` |`,
    `| anything else | \`in_progress\`, then \`completed\` with \`results_summary\` \`${SIMULATED_NO_MATCHES}\` |`,
  ].join('\n');
}

/**
 * The default search provider: a simulator in the manner of a payment API's test mode (contract-extensions §11.4,
 * §15.2). Every search is taken, then completes with no matches — unless the deceased's SSN ends in `0000`, or a
 * business bank account search's EIN does: then it fails. It opens no connection and keeps nothing; its references
 * derive from the search's id, so any process may take the next step of a search another one started.
 */
export class SimulatedSearchProvider extends SearchProvider {
  readonly name = 'simulator';

  async start(request: SearchRequest): Promise<{ reference: string }> {
    return { reference: `simsearch_${request.searchId.toLowerCase()}` };
  }

  async outcome(request: SearchRequest & { reference: string }): Promise<SearchOutcome> {
    const failing =
      (request.deceased?.ssn ?? '').endsWith(FAILING_ENDING) || (request.type === BUSINESS_SEARCH_TYPE && (request.businessEin ?? '').endsWith(FAILING_ENDING));
    return failing ? { status: 'failed', resultsSummary: SIMULATED_FAILURE } : { status: 'completed', resultsSummary: SIMULATED_NO_MATCHES };
  }
}
