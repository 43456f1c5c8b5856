import { caseResource } from '@estate/shared-kernel';
import { SEARCH_STATUSES, SEARCH_TYPES } from '../domain/probate-vocabulary';
import { Search } from '../domain/search';
import { CreateSearchBody, PatchSearchBody, SearchView } from '../http/dto/search.dto';
import { SearchSchema } from '../infrastructure/persistence/probate.schemas';
import { StartSearch } from '../application/start-search.service';
import { ReviseSearch } from '../application/revise-search.service';

/** Searches: status only forward (`#10`), never deleted (specification audit rule 2: `DELETE` answers 405). */
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
  tagDescription: 'Searches for accounts, policies and property of the deceased.',
  statusChanged: true,
});
