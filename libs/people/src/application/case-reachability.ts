import { Injectable } from '@nestjs/common';
import { LiveCases } from '@estate/case';
import { reachesCase } from '../domain/case-reach';
import { PeopleStore } from './ports/people-store.port';

/**
 * Who can reach a case (contract-extensions §13.1), for records of the case that name a user with access to it (a
 * goal's `assigned_to`, §12.8): the people context's answer to the case context's `CaseReach` port.
 */
@Injectable()
export class CaseReachability {
  constructor(
    private readonly store: PeopleStore,
    private readonly cases: LiveCases,
  ) {}

  /** The case's owner is the case context's answer (from memory once this process knows the case), the rest the people tables'. */
  async reaches(caseId: string, userId: string): Promise<boolean> {
    const caseOrganizationId = await this.cases.ownerOf(caseId);
    if (caseOrganizationId === null) return false;
    return reachesCase({ caseOrganizationId, ...(await this.store.userReachFacts(caseId, userId)) });
  }
}
