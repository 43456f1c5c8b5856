import { Injectable } from '@nestjs/common';
import { reachesCase } from '../domain/case-reach';
import { PeopleStore } from './ports/people-store.port';

/**
 * Who can reach a case (contract-extensions §13.1), for records of the case that name a user with access to it (a
 * goal's `assigned_to`, §12.8): the people context's answer to the case context's `CaseReach` port.
 */
@Injectable()
export class CaseReachability {
  constructor(private readonly store: PeopleStore) {}

  async reaches(caseId: string, userId: string): Promise<boolean> {
    return reachesCase(await this.store.caseReachFacts(caseId, userId));
  }
}
