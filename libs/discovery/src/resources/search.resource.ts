import { caseResource, field, maskSensitive } from '@estate/shared-kernel';
import { SEARCH_STATUSES, SEARCH_TYPES } from '../domain/search-vocabulary';
import { Search } from '../domain/search';
import { SearchParametersView } from '../http/dto/search.dto';
import { simulatedSearchTestValues } from '../infrastructure/search/simulated-search-provider';
import { StartSearch } from '../application/start-search.service';
import { ReviseSearch } from '../application/revise-search.service';

/**
 * Searches: status only forward (`#10`: a merge patch of the results summary and the status; completed stamps
 * completed_at), never deleted (specification audit rule 2: `DELETE` answers 405). A search someone ran is recorded by
 * `POST`; one the service runs (`…/searches/initiate`, contract-extensions §15.2) keeps its parameters, shown with the
 * business's EIN masked, and is moved by the search processor.
 */
export const searchResource = caseResource({
  name: 'search',
  path: 'searches',
  idParam: 'search_id',
  table: 'searches',
  entity: Search,
  kind: 'aggregate',
  useCases: { create: () => StartSearch, patch: () => ReviseSearch },
  without: ['delete'],
  fields: {
    type: field.enum(SEARCH_TYPES, { required: true, createOnly: true, description: 'What is searched for.', example: 'unclaimed_property' }),
    status: field.enum(SEARCH_STATUSES, { column: { length: 20, nullable: false }, description: 'pending by default; moves only forward.', example: 'pending' }),
    completedAt: field.dateTime({ readOnly: true, description: 'When the search reached completed.' }),
    resultsSummary: field.text({ column: { type: 'text' }, description: 'What the search found.', example: 'Two dormant accounts held by the state treasurer.' }),
    parameters: field.object(() => SearchParametersView, {
      readOnly: true,
      description: 'What a search the service runs looks for (…/searches/initiate); null on a recorded search.',
    }),
    // An initiated search's EIN, apart from `parameters`: encrypted, and shown masked inside them (contract-extensions §15.2).
    businessEin: field.ein({ hidden: true }),
    providerReference: field.string({ hidden: true }),
    nextCheckAt: field.dateTime({ hidden: true }),
    providerAttempts: field.integer({ hidden: true, default: 0 }),
  },
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
