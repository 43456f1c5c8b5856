import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Clock, JsonObject, NotFoundError, PreconditionFailedError, ResourceEvents, UnitOfWork, ValidationFailedError, applyMergePatch, assertIfMatch, etagOfVersion } from '@estate/shared-kernel';
import { CaseViews } from './ports/case-views.port';
import { Authority } from '../domain/authority';
import type { AuthorityLevel, AuthorityType } from '../domain/case-vocabulary';
import { AuthorityChangeListeners } from './ports/authority-changes.port';

export function authorityEtag(authority: Authority): string {
  return etagOfVersion('authority', authority.caseId, authority.version);
}

export interface PutResult<T> {
  record: T;
  created: boolean;
}

/** The authority record of a case: create-or-replace (#5) and merge patch (#4). */
@Injectable()
export class AuthorityService {
  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly changes: AuthorityChangeListeners,
    private readonly views: CaseViews,
    private readonly events: ResourceEvents,
  ) {}

  async get(caseId: string): Promise<Authority> {
    const authority = await this.em.findOne(Authority, { caseId });
    if (!authority) throw new NotFoundError('authority record');
    return authority;
  }

  put(caseId: string, body: JsonObject, ifMatch: string | undefined, fieldPrefix = ''): Promise<PutResult<Authority>> {
    return this.uow.run(async () => {
      const result = await this.replace(caseId, body, ifMatch, fieldPrefix);
      await this.changes.announce(caseId, result.record.level);
      return result;
    }, { caseId });
  }

  /** `PATCH` on a case with no authority record is 404 (contract §5). */
  patch(caseId: string, patch: JsonObject, ifMatch: string | undefined): Promise<Authority> {
    return this.uow.run(async () => {
      const authority = await this.merge(caseId, patch, ifMatch);
      await this.changes.announce(caseId, authority.level);
      return authority;
    }, { caseId });
  }

  private async replace(caseId: string, body: JsonObject, ifMatch: string | undefined, fieldPrefix: string): Promise<PutResult<Authority>> {
    this.assertTypes(body.types as string[], fieldPrefix);
    const existing = await this.em.findOne(Authority, { caseId });
    if (existing) assertIfMatch(ifMatch, authorityEtag(existing));
    // If-Match on a record that does not exist yet can never hold, not even `*` (RFC 9110 §13.1.1).
    else if (ifMatch !== undefined) throw new PreconditionFailedError();
    const before = existing ? this.views.ofAuthority(existing) : undefined;
    const now = this.clock.now();
    const authority = existing ?? this.em.create(Authority, { caseId, createdAt: now } as never);
    authority.level = body.level as AuthorityLevel;
    authority.types = body.types as AuthorityType[];
    authority.updatedAt = now;
    await this.em.flush();
    if (before === undefined) await this.events.created(this.em, { key: 'authority', caseId }, this.views.ofAuthority(authority));
    else await this.events.changed(this.em, { key: 'authority', caseId }, before, this.views.ofAuthority(authority));
    return { record: authority, created: !existing };
  }

  private async merge(caseId: string, patch: JsonObject, ifMatch: string | undefined): Promise<Authority> {
    const authority = await this.get(caseId);
    assertIfMatch(ifMatch, authorityEtag(authority));
    const before = this.views.ofAuthority(authority);
    const merged = applyMergePatch({ level: authority.level, types: [...authority.types] }, patch);
    this.assertTypes(merged.types, '');
    authority.level = merged.level;
    authority.types = merged.types;
    authority.updatedAt = this.clock.now();
    await this.em.flush();
    await this.events.changed(this.em, { key: 'authority', caseId }, before, this.views.ofAuthority(authority));
    return authority;
  }

  private assertTypes(types: readonly string[], fieldPrefix: string): void {
    const problems = Authority.typesProblems(types);
    if (problems.length > 0) throw new ValidationFailedError(problems.map((p) => ({ field: fieldPrefix + p.field, message: p.message })));
  }
}
