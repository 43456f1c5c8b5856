import type { SearchRequest } from '../../application/ports/search-provider.port';
import { SIMULATED_FAILURE, SIMULATED_NO_MATCHES, SimulatedSearchProvider } from './simulated-search-provider';
import { searchProviderFrom } from './search-provider-setting';

const request = (extra: Partial<SearchRequest> = {}): SearchRequest & { reference: string } => ({
  searchId: '01JBX8Q9W4M8Z7T3K2N5R6P0SR',
  type: 'bank_account',
  parameters: { states: [], name_variants: [], business_id: null, business_name: null },
  businessEin: null,
  deceased: { firstName: 'Sam', lastName: 'Okafor', dateOfDeath: '2026-08-20', ssn: '123-45-6789' },
  reference: 'ref',
  ...extra,
});

describe('SimulatedSearchProvider (contract-extensions §15.2)', () => {
  const simulator = new SimulatedSearchProvider();

  it('takes every search, with a reference from its id', async () => {
    expect(await simulator.start(request())).toEqual({ reference: 'simsearch_01jbx8q9w4m8z7t3k2n5r6p0sr' });
  });

  it('completes with no matches, and fails when the SSN ends in 0000 or a business search’s EIN does', async () => {
    expect(await simulator.outcome(request())).toEqual({ status: 'completed', resultsSummary: SIMULATED_NO_MATCHES });
    expect((await simulator.outcome(request({ deceased: { firstName: 'S', lastName: 'O', dateOfDeath: null, ssn: '123-45-0000' } }))).status).toBe('failed');
    expect(await simulator.outcome(request({ type: 'business_bank_account', businessEin: '36-4820000', deceased: null }))).toEqual({ status: 'failed', resultsSummary: SIMULATED_FAILURE });
    // The EIN decides only a business search.
    expect((await simulator.outcome(request({ businessEin: '36-4820000' }))).status).toBe('completed');
    expect((await simulator.outcome(request({ type: 'business_bank_account', businessEin: null, deceased: null }))).status).toBe('completed');
  });

  it('SEARCH_PROVIDER: simulator by default; another value stops the start', () => {
    expect(searchProviderFrom({}).name).toBe('simulator');
    expect(() => searchProviderFrom({ SEARCH_PROVIDER: 'acme' })).toThrow(/SEARCH_PROVIDER "acme"/);
  });
});
