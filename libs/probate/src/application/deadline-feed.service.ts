import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Clock } from '@estate/shared-kernel';
import { ProbateDeadline } from '../domain/probate-deadline';

/** Every deadline of the case, by due date, and today's date for their statuses as read: the `.ics` feed's content. */
@Injectable()
export class DeadlineFeed {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  async of(caseId: string): Promise<{ deadlines: ProbateDeadline[]; today: string }> {
    const deadlines = await this.em.find(ProbateDeadline, { caseId }, { orderBy: { dueDate: 'asc', id: 'asc' } });
    return { deadlines, today: this.clock.today() };
  }
}
