import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { AggregateWrites, CaseResource, CreateUseCase, currentActor, InjectResource, JsonObject, SingleResource, ValidationFailedError } from '@estate/shared-kernel';
import { Notarization, NotarizationRequest } from '../domain/notarization';
import { NotarizationSteps } from './notarization-steps';

/**
 * `POST …/notarizations` (contract-extensions §11.6): stores the notarization in `pending_signers`, initiated by the
 * caller, expiring in 7 days, and enqueues its first provider step in the same transaction. The declaration's rules
 * check what the body names: a PDF document of the case, and for each signer with a `person_id` a person of the case.
 */
@Injectable()
export class InitiateNotarization implements CreateUseCase {
  constructor(
    @InjectResource('notarization') private readonly notarizations: CaseResource<Notarization>,
    private readonly writes: AggregateWrites,
    private readonly steps: NotarizationSteps,
  ) {}

  execute(scope: { caseId: string } & Record<string, string>, body: JsonObject): Promise<SingleResource> {
    return this.writes.add(this.notarizations, scope, async (clock, em) => {
      const problems = (await this.notarizations.rules?.(body, { em, scope, clock })) ?? [];
      if (problems.length > 0) throw new ValidationFailedError(problems);
      const now = clock.now();
      const notarization = Notarization.initiate(ulid(), scope.caseId, body as unknown as NotarizationRequest, currentActor().id, now);
      await this.steps.scheduleFirst(notarization, now);
      return notarization;
    });
  }
}
