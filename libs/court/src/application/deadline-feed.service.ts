import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CaseResource, Clock, findRecords, InjectResource, RecordFields } from '@estate/shared-kernel';
import type { ProbateDeadline } from '../domain/probate-deadline';

/** Every deadline of the case, by due date, and today's date for their statuses as read: the `.ics` feed's content. */
@Injectable()
export class DeadlineFeed {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    @InjectResource('probate deadline') private readonly deadlines: CaseResource<ProbateDeadline>,
  ) {}

  async of(caseId: string): Promise<{ deadlines: Array<RecordFields<ProbateDeadline>>; today: string }> {
    const deadlines = await findRecords(this.em, this.deadlines.schema, [{ caseId }], { orderBy: { dueDate: 'asc', id: 'asc' } });
    return { deadlines, today: this.clock.today() };
  }
}
