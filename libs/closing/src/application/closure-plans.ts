import type { EntityManager } from '@mikro-orm/postgresql';
import { ulid } from 'ulid';
import { Injectable } from '@nestjs/common';
import { CaseResource, CaseResourceReader, InjectResource, NotFoundError, ResourceEvents, subjectOf } from '@estate/shared-kernel';
import { ClosurePlan, ClosureStep } from '../domain/closure-step';

/**
 * Loads the case's closure plan inside the use case's unit of work (the case row is already held, so no other write
 * of the same case runs meanwhile) and finds a step of it: another case's step is 404 like an unknown one.
 */
export async function loadClosurePlan(em: EntityManager, caseId: string): Promise<ClosurePlan> {
  const steps = await em.find(ClosureStep, { caseId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  return new ClosurePlan(steps, () => ulid());
}

export function stepOf(plan: ClosurePlan, id: string): ClosureStep {
  const step = plan.find(id);
  if (!step) throw new NotFoundError('closure step');
  return step;
}

type StepViews = Map<string, Record<string, unknown>>;

/**
 * A change of one step can move others (a prerequisite removed unblocks its dependants): the events of a closure-plan
 * write compare every step as read before and after, so each step that moved is told once, whichever use case moved it.
 */
@Injectable()
export class ClosurePlanEvents {
  constructor(
    @InjectResource('closure step') private readonly closureSteps: CaseResource<ClosureStep>,
    private readonly reader: CaseResourceReader,
    private readonly events: ResourceEvents,
  ) {}

  snapshot(plan: ClosurePlan): StepViews {
    const context = this.reader.context();
    return new Map(plan.all.map((step) => [step.id, this.reader.view(this.closureSteps, step, context)]));
  }

  async tell(em: EntityManager, scope: { caseId: string }, plan: ClosurePlan, before: StepViews): Promise<void> {
    const subject = subjectOf(this.closureSteps, scope);
    const after = this.snapshot(plan);
    for (const [id, prior] of before) if (!after.has(id)) await this.events.deleted(em, subject, prior);
    for (const [id, view] of after) {
      const prior = before.get(id);
      if (prior === undefined) await this.events.created(em, subject, view);
      else await this.events.changed(em, subject, prior, view);
    }
  }
}
