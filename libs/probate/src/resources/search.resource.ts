import { caseResource, maskSensitive } from '@estate/shared-kernel';
import { SEARCH_STATUSES, SEARCH_TYPES } from '../domain/probate-vocabulary';
import { Search } from '../domain/search';
import { CreateSearchBody, PatchSearchBody, SearchView } from '../http/dto/search.dto';
import { SearchSchema } from '../infrastructure/persistence/probate.schemas';
import { simulatedSearchTestValues } from '../infrastructure/search/simulated-search-provider';
import { StartSearch } from '../application/start-search.service';
import { ReviseSearch } from '../application/revise-search.service';

/**
 * Searches: status only forward (`#10`), never deleted (specification audit rule 2: `DELETE` answers 405). A search
 * someone ran is recorded by `POST`; one the service runs (`…/searches/initiate`, contract-extensions §15.2) keeps its
 * parameters, shown with the business's EIN masked, and is moved by the search processor.
 */
export const searchResource = caseResource<Search>({
  name: 'search',
  path: 'searches',
  idParam: 'search_id',
  schema: SearchSchema,
  kind: 'aggregate',
  useCases: { create: () => StartSearch, patch: () => ReviseSearch },
  without: ['delete'],
  create: CreateSearchBody,
  patch: PatchSearchBody,
  view: SearchView,
  filters: { type: SEARCH_TYPES, status: SEARCH_STATUSES },
  sorts: ['created_at', 'updated_at'],
  specRoutes: { patch: 10 },
  tagDescription: [
    'Searches for accounts, policies and property of the deceased: recorded, or run by the service (`POST …/searches/initiate`).',
    '',
    '**Test values.** Unless the deployment configures a real provider, searches the service runs go to a simulator that searches nothing:',
    '',
    simulatedSearchTestValues(),
  ].join('\n'),
  statusChanged: true,
  present: (search, view) =>
    view.parameters === null ? view : { ...view, parameters: { ...(view.parameters as Record<string, unknown>), business_ein: maskSensitive(search.businessEin ?? null) } },
});
