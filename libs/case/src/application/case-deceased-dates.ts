import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Deceased } from '../domain/deceased';

/** The narrow read other contexts get of the deceased: the date of death, or `null` when no record exists yet. */
@Injectable()
export class CaseDeceasedDates {
  constructor(private readonly em: EntityManager) {}

  async dateOfDeathOf(caseId: string): Promise<string | null> {
    const deceased = await this.em.findOne(Deceased, { caseId }, { fields: ['dateOfDeath'] });
    return deceased?.dateOfDeath ?? null;
  }
}
