import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import {
  applyMergePatch,
  assertIfMatch,
  etagOfVersion,
  JsonObject,
  NotFoundError,
  parseListQuery,
  runListQuery,
  writableDocument,
  toCamelCase,
} from '@estate/shared-kernel';
import { DISPUTE_LEVELS, ESTATE_VALUES, PROGRESS_STAGES } from '../domain/case-vocabulary';
import { EstateCase } from '../domain/estate-case';
import { Authority } from '../domain/authority';
import { Deceased } from '../domain/deceased';
import { Person } from '../domain/person';
import { CaseDeletionParticipants } from './case-deletion';
import { DeceasedService } from './deceased.service';
import { AuthorityService } from './authority.service';

export const CASE_LIST_RULES = {
  filters: { progress: PROGRESS_STAGES, estate_value: ESTATE_VALUES, possible_dispute: DISPUTE_LEVELS },
  sorts: ['created_at', 'updated_at'],
} as const;

const CASE_FIELDS = ['queue_assignment', 'flow_position', 'estate_value', 'progress', 'possible_dispute', 'onboarding_id', 'date_of_sign_up', 'terms_accepted_at'];

export function caseEtag(estateCase: EstateCase): string {
  return etagOfVersion('case', estateCase.id, estateCase.version);
}

/** Cases of the caller's organization: create (with deceased and authority), list, read, merge-patch, delete. */
@Injectable()
export class CasesService {
  constructor(
    private readonly em: EntityManager,
    private readonly deceased: DeceasedService,
    private readonly authority: AuthorityService,
    private readonly deletionParticipants: CaseDeletionParticipants,
  ) {}

  async create(organizationId: string, body: JsonObject): Promise<EstateCase> {
    const now = new Date();
    const estateCase = this.em.create(EstateCase, {
      id: ulid(),
      organizationId,
      onboardingId: (body.onboarding_id as string) ?? null,
      queueAssignment: (body.queue_assignment as string) ?? null,
      flowPosition: (body.flow_position as string) ?? null,
      estateValue: (body.estate_value as EstateCase['estateValue']) ?? null,
      progress: (body.progress as EstateCase['progress']) ?? null,
      possibleDispute: (body.possible_dispute as EstateCase['possibleDispute']) ?? null,
      dateOfSignUp: body.date_of_sign_up ? new Date(body.date_of_sign_up as string) : now,
      termsAcceptedAt: body.terms_accepted_at ? new Date(body.terms_accepted_at as string) : null,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    } as never);
    await this.em.flush();
    if (body.deceased) await this.deceased.put(estateCase.id, body.deceased as JsonObject, undefined, 'deceased.');
    if (body.authority) await this.authority.put(estateCase.id, body.authority as JsonObject, undefined, 'authority.');
    return estateCase;
  }

  async list(organizationId: string, rawQuery: Record<string, unknown>) {
    const query = parseListQuery(rawQuery, CASE_LIST_RULES);
    return runListQuery(this.em, EstateCase, { organizationId, deletedAt: null }, query);
  }

  /** The access guard has already checked ownership; this only loads (a deleted case reads as not found). */
  async get(caseId: string): Promise<EstateCase> {
    const estateCase = await this.em.findOne(EstateCase, { id: caseId, deletedAt: null });
    if (!estateCase) throw new NotFoundError('case');
    return estateCase;
  }

  async patch(caseId: string, patch: JsonObject, ifMatch: string | undefined): Promise<EstateCase> {
    const estateCase = await this.get(caseId);
    assertIfMatch(ifMatch, caseEtag(estateCase));
    // Every writable case field is a scalar, so the validated patch is already a valid result.
    const merged = applyMergePatch(writableDocument(estateCase, CASE_FIELDS, toCamelCase), patch);
    for (const field of Object.keys(patch)) {
      (estateCase as unknown as Record<string, unknown>)[toCamelCase(field)] = merged[field] ?? null;
    }
    estateCase.updatedAt = new Date();
    await this.em.flush();
    return estateCase;
  }

  /** Irreversible (audit rule 4): the case becomes a tombstone and its personal records are erased. */
  async delete(caseId: string, ifMatch: string | undefined): Promise<void> {
    const estateCase = await this.get(caseId);
    assertIfMatch(ifMatch, caseEtag(estateCase));
    for (const participant of this.deletionParticipants.all()) await participant.beforeCaseDeleted(caseId);
    await this.em.nativeDelete(Person, { caseId });
    await this.em.nativeDelete(Deceased, { caseId });
    await this.em.nativeDelete(Authority, { caseId });
    estateCase.markDeleted(new Date());
    await this.em.flush();
  }
}

