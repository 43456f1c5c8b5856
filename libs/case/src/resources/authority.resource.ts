import { singletonResource } from '@estate/shared-kernel';
import { AuthorityChangeListeners } from '../application/ports/authority-changes.port';
import { Authority } from '../domain/authority';
import { AuthorityBody, AuthorityView, PatchAuthorityBody } from '../http/dto/authority.dto';
import { PATCH_AUTHORITY_EXAMPLES, PUT_AUTHORITY_EXAMPLES } from '../http/dto/examples';
import { AuthoritySchema } from '../infrastructure/persistence/case.schemas';

/**
 * The authority to act for the estate: one per case, created by the first `PUT`, changed by `PATCH` and the next
 * `PUT`s; it goes with its case. Every write tells the contexts that depend on the level (`AuthorityChanges`), inside
 * the writing transaction.
 */
export const authorityResource = singletonResource<Authority>({
  name: 'authority',
  path: 'authority',
  schema: AuthoritySchema,
  body: AuthorityBody,
  patch: PatchAuthorityBody,
  view: AuthorityView,
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
