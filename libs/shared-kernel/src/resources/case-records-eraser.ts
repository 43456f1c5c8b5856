import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CaseResource, declaredCaseResources } from './case-resource';
import { declaredSingletonResources } from './singleton-resource';

/** Children before parents, so that no row is left pointing at a parent already gone. */
function depth(resource: CaseResource): number {
  return resource.parent ? 1 + depth(resource.parent.resource()) : 0;
}

/**
 * Erases every declared resource of a deleted case (contract §5), one-per-case records last, inside the deletion's
 * transaction. The kernel knows every declaration, so a new resource is erased with its case without any code of its
 * own; audit records (`keptWhenCaseDeleted`) stay in the database, unreachable through the API.
 */
@Injectable()
export class CaseRecordsEraser {
  constructor(private readonly em: EntityManager) {}

  async eraseCase(caseId: string): Promise<void> {
    const erasable = declaredCaseResources()
      .filter((resource) => !resource.keptWhenCaseDeleted)
      .sort((a, b) => depth(b) - depth(a));
    for (const resource of erasable) await this.em.nativeDelete(resource.schema, { caseId } as never);
    for (const singleton of declaredSingletonResources()) await this.em.nativeDelete(singleton.schema, { caseId } as never);
  }
}
