import type { EntityManager } from '@mikro-orm/postgresql';
import { ulid } from 'ulid';
import { NotFoundError } from '@estate/shared-kernel';
import { ClosurePlan, ClosureStep } from '../domain/closure-step';
import { ClosureStepSchema } from '../infrastructure/persistence/probate.schemas';

/**
 * Loads the case's closure plan inside the use case's unit of work (the case row is already held, so no other write
 * of the same case runs meanwhile) and finds a step of it: another case's step is 404 like an unknown one.
 */
export async function loadClosurePlan(em: EntityManager, caseId: string): Promise<ClosurePlan> {
  const steps = await em.find(ClosureStepSchema, { caseId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  return new ClosurePlan(steps, () => ulid());
}

export function stepOf(plan: ClosurePlan, id: string): ClosureStep {
  const step = plan.find(id);
  if (!step) throw new NotFoundError('closure step');
  return step;
}
