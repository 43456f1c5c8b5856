import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Authority } from '../domain/authority';
import type { AuthorityLevel } from '../domain/case-vocabulary';

/** The narrow read other contexts get of a case's authority: its level, or `null` when none is recorded. */
@Injectable()
export class CaseAuthorityLevels {
  constructor(private readonly em: EntityManager) {}

  async levelOf(caseId: string): Promise<AuthorityLevel | null> {
    const authority = await this.em.findOne(Authority, { caseId }, { fields: ['level'] });
    return authority?.level ?? null;
  }
}
