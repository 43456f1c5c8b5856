import { field, singletonResource } from '@estate/shared-kernel';
import { AuthorityChangeListeners } from '../application/ports/authority-changes.port';
import { Authority } from '../domain/authority';
import { AUTHORITY_LEVELS, AUTHORITY_TYPES } from '../domain/case-vocabulary';
import { PATCH_AUTHORITY_EXAMPLES, PUT_AUTHORITY_EXAMPLES } from './examples';

/**
 * The authority to act for the estate: one per case, created by the first `PUT`, changed by `PATCH` and the next
 * `PUT`s; it goes with its case. Every write tells the contexts that depend on the level (`AuthorityChanges`), inside
 * the writing transaction. `level` and `types` are both required on `PUT` (contract §5).
 */
export const authorityResource = singletonResource({
  name: 'authority',
  path: 'authority',
  table: 'authorities',
  entity: Authority,
  fields: {
    level: field.enum(AUTHORITY_LEVELS, {
      required: true,
      description: 'Level of authority to act; level_2 or higher allows instant transfers.',
      example: 'level_2',
      column: { length: 20 },
    }),
    types: field.enumArray(AUTHORITY_TYPES, {
      required: true,
      minItems: 1,
      description: 'What the authority rests on; at least one.',
      example: ['executor_in_will', 'named_in_probate'],
      default: undefined,
      column: { type: 'string[]', columnType: 'text[]' },
    }),
  },
  specRoutes: { patch: 4, replace: 5 },
  describe: {
    read: 'The authority to act for the estate; 404 while the case has none.',
    patch: 'JSON Merge Patch of `level` and `types`; 404 when the case has no authority record yet.',
    replace: '`level` and `types` are required; answers 201 when it created the record and 200 when it replaced one.',
  },
  examples: { replace: PUT_AUTHORITY_EXAMPLES, patch: PATCH_AUTHORITY_EXAMPLES },
  tagDescription: 'The authority to act for the estate: its level and the grounds it rests on.',
  rules: (document) => Authority.typesProblems(document.types as string[]),
  afterWriteBy: () => AuthorityChangeListeners,
});
