import { Injectable } from '@nestjs/common';
import { ValidationFailedError } from '@estate/shared-kernel';
import { CaseReach } from './ports/case-reach.port';

/**
 * A goal's `assigned_to` (contract-extensions §12.8) names a user who can reach the case (§13.1), else `422` on
 * `assigned_to`. Asked when a write sets it or changes it: an assignee who later loses access stays named until the
 * goal is reassigned, so an unrelated edit of the goal is not refused for it.
 */
@Injectable()
export class GoalAssignees {
  constructor(private readonly reach: CaseReach) {}

  async check(caseId: string, assignedTo: string | null | undefined, current: string | null = null): Promise<void> {
    if (assignedTo === null || assignedTo === undefined || assignedTo === current) return;
    if (await this.reach.reaches(caseId, assignedTo)) return;
    throw new ValidationFailedError([
      { field: 'assigned_to', message: 'assigned_to must name a user who can reach this case: a member of its organization, or a collaborator or guest of the case', reason: 'rule' },
    ]);
  }
}
