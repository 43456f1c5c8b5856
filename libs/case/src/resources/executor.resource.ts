import { declaredResourceKeyed, singletonResource } from '@estate/shared-kernel';
import { ExecutorIdentityRecords } from '../application/executor-identity-records';
import { Deceased } from '../domain/deceased';
import { Executor } from '../domain/executor';
import { ExecutorBody, ExecutorView, PatchExecutorBody } from '../http/dto/executor.dto';
import { PATCH_EXECUTOR_EXAMPLES, PUT_EXECUTOR_EXAMPLES } from '../http/dto/examples';
import { ExecutorSchema } from '../infrastructure/persistence/case.schemas';
import { personResource } from '../persons/person.resource';

/**
 * The executor (contract-extensions §10.5): one per case, created by the first `PUT`, replaced by the next, merged by
 * `PATCH`, and — unlike the deceased and the authority — deleted on its own. Its `identity_status` mirrors the newest
 * executor identity verification (§11.7), kept by the verifications context through `ExecutorIdentity`.
 */
export const executorResource = singletonResource<Executor>({
  name: 'executor',
  path: 'executor',
  schema: ExecutorSchema,
  body: ExecutorBody,
  patch: PatchExecutorBody,
  view: ExecutorView,
  deletable: true,
  describe: {
    read: 'The personal representative; the SSN comes back masked. 404 while the case has none.',
    replace:
      'Creates the record (201) or replaces it whole (200). `first_name`, `last_name` and `role` are required; the SSN is accepted in full. ' +
      '`letters_type` defaults from `role`, `bond_status` to `not_required`; `identity_status` is computed and cannot be sent.',
    patch: 'JSON Merge Patch of the writable fields; the rules of `PUT` hold for the merged record. 404 while the case has none.',
    delete: 'Deletes the executor record (its identity verifications stay); 404 while the case has none.',
  },
  examples: { replace: PUT_EXECUTOR_EXAMPLES, patch: PATCH_EXECUTOR_EXAMPLES },
  tagDescription:
    'The executor (personal representative): appointment, letters, bond, IRS Form 56. The SSN is accepted in full and always returned masked; ' +
    '`identity_status` follows their newest identity verification.',
  masked: ['ssn'],
  // A Person of the case, and a document of the case (the documents context sits above this one: named by its key).
  references: { person_id: () => personResource, letters_document_id: declaredResourceKeyed('document') },
  rules: async (document, { today, em, caseId }) => {
    const deceased = await em.findOne(Deceased, { caseId });
    return Executor.problems(document, today, deceased?.dateOfDeath ?? null);
  },
  derive: (executor) => Executor.fillDefaults(executor),
  derivedBy: () => ExecutorIdentityRecords,
});
