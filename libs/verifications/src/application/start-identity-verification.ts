import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { CaseIdentitySubjects } from '@estate/case';
import {
  AggregateWrites,
  CaseResource,
  ConflictError,
  CreateUseCase,
  currentActor,
  InjectResource,
  JsonObject,
  SingleResource,
  ValidationFailedError,
} from '@estate/shared-kernel';
import { IdentityVerification } from '../domain/identity-verification';
import { ACTIVE_STATUSES, type VerificationMethod, type VerificationSubject } from '../domain/verification-vocabulary';
import { ExecutorIdentityProjection } from './executor-identity-projection';
import { IdentityVerificationProcessor } from './identity-verification-processor';
import { VerificationDocuments } from './ports/verification-documents.port';

/**
 * `POST …/identity-verifications` (contract-extensions §11.7): stores the verification `pending` and schedules the
 * provider's first step in the same transaction; nothing is sent to the provider here. Refused with 422 when the method
 * does not verify that subject, when the subject's record is missing or lacks what the method needs, or when a
 * document named is not one of the case; with `409 invalid_state` while another verification of the same subject is
 * under way. The case row is held first, so of two such requests racing, the second sees the first.
 */
@Injectable()
export class StartIdentityVerification implements CreateUseCase {
  constructor(
    @InjectResource('identity verification') private readonly resource: CaseResource<IdentityVerification>,
    private readonly writes: AggregateWrites,
    private readonly subjects: CaseIdentitySubjects,
    private readonly documents: VerificationDocuments,
    private readonly projection: ExecutorIdentityProjection,
    private readonly processor: IdentityVerificationProcessor,
  ) {}

  execute(scope: { caseId: string }, body: JsonObject): Promise<SingleResource> {
    const subject = body.subject as VerificationSubject;
    const method = body.method as VerificationMethod;
    const documentIds = (body.document_ids as string[] | null | undefined) ?? [];
    return this.writes.add(this.resource, scope, async (clock, em) => {
      const fit = [...IdentityVerification.methodProblems(subject, method), ...IdentityVerification.documentIdsProblems(documentIds)];
      if (fit.length > 0) throw new ValidationFailedError(fit);
      const facts = subject === 'executor' ? await this.subjects.executorOf(scope.caseId) : await this.subjects.deceasedOf(scope.caseId);
      const types = await this.documents.typesOf(scope.caseId, documentIds);
      const problems = IdentityVerification.requirementProblems(subject, method, facts, documentIds.map((id) => types.get(id)));
      if (problems.length > 0) throw new ValidationFailedError(problems);
      const underWay = await em.count(this.resource.schema, { caseId: scope.caseId, subject, status: { $in: [...ACTIVE_STATUSES] } } as never);
      if (underWay > 0) {
        throw new ConflictError('invalid_state', `Another identity verification of the ${subject} is under way; wait for it to end or cancel it.`, [
          { field: 'subject', message: `the ${subject} has a pending or processing identity verification`, reason: 'conflict' },
        ]);
      }
      const actor = currentActor();
      const now = clock.now();
      const verification = IdentityVerification.start(
        { id: ulid(), caseId: scope.caseId, subject, method, documentIds, notes: (body.notes as string | null | undefined) ?? null, initiatedBy: actor.type === 'user' ? actor.id : null },
        now,
      );
      await this.projection.handOver(verification);
      await this.processor.scheduleFirst(verification, now);
      return verification;
    });
  }
}
