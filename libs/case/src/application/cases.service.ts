import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import {
  assertIfMatch,
  CaseRecordsEraser,
  fieldsOf,
  mergedPatch,
  writableFieldsOf,
  Clock,
  JsonObject,
  NotFoundError,
  parseListQuery,
  Principal,
  InjectResource,
  ListPage,
  ResourceEvents,
  SingletonRecords,
  SingletonResource,
  UnitOfWork,
} from '@estate/shared-kernel';
import { caseRecord } from '../resources/case-record';
import { CaseViews } from './ports/case-views.port';
import { CASE_ACCESS } from '../domain/case-vocabulary';
import { EstateCase } from '../domain/estate-case';
import { Authority } from '../domain/authority';
import { CaseDeletionRegistry } from './case-deletion';
import { caseEtag } from './case-etag';
import { CaseReads } from './ports/case-reads.port';
import { CasePendingSearches, NO_PENDING_SEARCHES, PendingSearches } from './ports/pending-searches.port';

/** What a merge patch of the case may change: the writable set of its declaration's patch. */
const CASE_PATCH = { create: caseRecord.patch!, createFields: fieldsOf(caseRecord.patch!) };

import type { CaseFields, CaseReading } from './case-reading';
export type { CaseReading } from './case-reading';

/** Cases of the caller's organization: create (with deceased and authority), list, read, merge-patch, delete. */
@Injectable()
export class CasesService {
  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly singletons: SingletonRecords,
    @InjectResource('deceased') private readonly deceased: SingletonResource,
    @InjectResource('authority') private readonly authority: SingletonResource<Authority>,
    private readonly deletionParticipants: CaseDeletionRegistry,
    private readonly eraser: CaseRecordsEraser,
    private readonly reads: CaseReads,
    private readonly pendingSearches: CasePendingSearches,
    private readonly views: CaseViews,
    private readonly events: ResourceEvents,
  ) {}

  create(organizationId: string, body: JsonObject): Promise<CaseReading> {
    return this.uow.run(async (em) => {
      const now = this.clock.now();
      // The stored fields a client writes, as the declaration names them; the sign-up moment defaults to now.
      const written = writableFieldsOf<Record<string, unknown>>({ createFields: caseRecord.stored }, body);
      const estateCase = em.create(EstateCase, {
        ...written,
        id: ulid(),
        organizationId,
        dateOfSignUp: body.date_of_sign_up ? new Date(body.date_of_sign_up as string) : now,
        termsAcceptedAt: body.terms_accepted_at ? new Date(body.terms_accepted_at as string) : null,
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
      } as never);
      await em.flush();
      // case.created first: the deceased and authority it was created with follow as their own events.
      const created = await this.reading(estateCase);
      await this.events.created(em, { key: 'case', caseId: estateCase.id, organizationId }, this.views.ofCase(created));
      if (body.deceased) await this.singletons.replace(this.deceased, estateCase.id, body.deceased as JsonObject, undefined, 'deceased.');
      if (body.authority) await this.singletons.replace(this.authority, estateCase.id, body.authority as JsonObject, undefined, 'authority.');
      return this.reading(estateCase);
    });
  }

  /**
   * The organization's cases and those shared with the caller (contract-extensions §13.1), in one statement: the
   * shared case ids come with the principal, so no join with the collaborators is needed. `access` narrows to either.
   */
  async list(caller: Pick<Principal, 'organizationId' | 'userId' | 'collaborations'>, rawQuery: Record<string, unknown>): Promise<ListPage<CaseReading>> {
    const parsed = parseListQuery(rawQuery, caseRecord.listRules, ['cases', caller.organizationId, caller.userId]);
    const access = parsed.filters.find((filter) => filter.name === 'access')?.values ?? CASE_ACCESS;
    const query = { ...parsed, filters: parsed.filters.filter((filter) => filter.name !== 'access') };
    const reach = {
      organizationId: caller.organizationId,
      member: access.includes('member'),
      shared: access.includes('collaborator') ? Object.keys(caller.collaborations) : [],
    };
    const page = await this.reads.page(reach, query);
    return { rows: page.rows.map((live) => this.readingWith(live.estateCase, live.pendingSearches)), meta: page.meta };
  }

  /** The access guard has already checked ownership; this only loads (a deleted case reads as not found). */
  async get(caseId: string): Promise<CaseReading> {
    // One statement on the connection the caller holds (its transaction's, inside a use case).
    const live = await this.reads.live(caseId);
    if (!live) throw new NotFoundError('case');
    return this.readingWith(live.estateCase, live.pendingSearches);
  }

  patch(caseId: string, patch: JsonObject, ifMatch: string | undefined): Promise<CaseReading> {
    return this.uow.run(
      async (em) => {
        const estateCase = await this.load(caseId);
        const current = await this.reading(estateCase);
        assertIfMatch(ifMatch, current.etag);
        const before = this.views.ofCase(current);
        // Every writable case field is a scalar, so the validated patch is already a valid result.
        const { fields } = await mergedPatch(CASE_PATCH, estateCase, patch);
        if (estateCase.revise(fields)) estateCase.updatedAt = this.clock.now();
        await this.em.flush();
        const after = await this.reading(estateCase);
        await this.events.changed(em, { key: 'case', caseId }, before, this.views.ofCase(after));
        return after;
      },
      { caseId },
    );
  }

  /**
   * Irreversible (audit rule 4): other contexts may veto (an active transfer), every declared case resource and
   * one-per-case record (the deceased, the authority, the executor) is erased, and the case becomes a tombstone — in one
   * transaction.
   */
  delete(caseId: string, ifMatch: string | undefined): Promise<void> {
    return this.uow.run(
      async (em) => {
        const estateCase = await this.load(caseId);
        const current = await this.reading(estateCase);
        assertIfMatch(ifMatch, current.etag);
        for (const participant of this.deletionParticipants.all()) await participant.beforeCaseDeleted(caseId);
        await this.eraser.eraseCase(caseId);
        // Its searches are erased with the rest, so none is pending on the tombstone.
        await this.pendingSearches.replace(caseId, NO_PENDING_SEARCHES);
        estateCase.markDeleted(this.clock.now());
        await em.flush();
        // The case's events go with it (contract §14.7); its own deletion is the one that stays.
        await this.events.erasedCase(em, caseId);
        await this.events.deleted(em, { key: 'case', caseId, organizationId: current.estateCase.organizationId }, this.views.ofCase(current));
      },
      { caseId },
    );
  }

  private async load(caseId: string): Promise<EstateCase> {
    const estateCase = await this.em.findOne(EstateCase, { id: caseId, deletedAt: null });
    if (!estateCase) throw new NotFoundError('case');
    return estateCase;
  }

  private async reading(estateCase: CaseFields): Promise<CaseReading> {
    const searchesOf = await this.reads.pendingSearchesOf([estateCase.id]);
    return this.readingWith(estateCase, searchesOf(estateCase.id));
  }

  private readingWith(estateCase: CaseFields, searches: PendingSearches): CaseReading {
    return { estateCase, pendingSearches: searches.types, etag: caseEtag(estateCase, searches.tag) };
  }
}
