import { SearchProvider } from '../../application/ports/search-provider.port';
import { SimulatedSearchProvider } from './simulated-search-provider';

/** The adapters this build ships, by their `SEARCH_PROVIDER` name. A real provider's adapter is one more entry. */
const ADAPTERS: Readonly<Record<string, () => SearchProvider>> = {
  simulator: () => new SimulatedSearchProvider(),
};

/**
 * `SEARCH_PROVIDER` (contract-extensions §11.4, §15.3) selects the search adapter: `simulator` by default, which never
 * lets the deceased's data leave the machine. A value this build does not ship stops the start with a clear message.
 */
export function searchProviderFrom(env: NodeJS.ProcessEnv): SearchProvider {
  const name = (env.SEARCH_PROVIDER || 'simulator').toLowerCase();
  const adapter = ADAPTERS[name];
  if (!adapter) throw new Error(`SEARCH_PROVIDER "${env.SEARCH_PROVIDER}" is not a search provider of this build (it has: ${Object.keys(ADAPTERS).join(', ')})`);
  return adapter();
}
