import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { assertIfMatch, Clock, etagOfVersion, JsonObject, NotFoundError, PreconditionFailedError, ResourceEvents, UnitOfWork, ValidationFailedError } from '@estate/shared-kernel';
import { CaseViews } from './ports/case-views.port';
import { Deceased, PostalAddress } from '../domain/deceased';

export function deceasedEtag(deceased: Deceased): string {
  return etagOfVersion('deceased', deceased.caseId, deceased.version);
}

export interface PutResult<T> {
  record: T;
  created: boolean;
}

/** The deceased record of a case: read (#6) and create-or-replace (PUT, contract §3). */
@Injectable()
export class DeceasedService {
  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly views: CaseViews,
    private readonly events: ResourceEvents,
  ) {}

  async get(caseId: string): Promise<Deceased> {
    const deceased = await this.em.findOne(Deceased, { caseId });
    if (!deceased) throw new NotFoundError('deceased record');
    return deceased;
  }

  /** `fieldPrefix` names fields in errors when the body was nested in a case create (`deceased.date_of_death`). */
  put(caseId: string, body: JsonObject, ifMatch: string | undefined, fieldPrefix = ''): Promise<PutResult<Deceased>> {
    return this.uow.run(() => this.replace(caseId, body, ifMatch, fieldPrefix), { caseId });
  }

  private async replace(caseId: string, body: JsonObject, ifMatch: string | undefined, fieldPrefix: string): Promise<PutResult<Deceased>> {
    const firstName = body.first_name as string;
    const middleName = (body.middle_name as string | null | undefined) ?? null;
    const lastName = body.last_name as string;
    const dateOfBirth = (body.date_of_birth as string | null | undefined) ?? null;
    const dateOfDeath = body.date_of_death as string;
    const problems = Deceased.datesProblems(dateOfBirth, dateOfDeath, this.clock.today());
    if (problems.length > 0) {
      throw new ValidationFailedError(problems.map((problem) => ({ field: fieldPrefix + problem.field, message: problem.message })));
    }

    const existing = await this.em.findOne(Deceased, { caseId });
    if (existing) assertIfMatch(ifMatch, deceasedEtag(existing));
    // If-Match on a record that does not exist yet can never hold, not even `*` (RFC 9110 §13.1.1).
    else if (ifMatch !== undefined) throw new PreconditionFailedError();
    const before = existing ? this.views.ofDeceased(existing) : undefined;
    const now = this.clock.now();
    const deceased = existing ?? this.em.create(Deceased, { caseId, createdAt: now } as never);
    Object.assign(deceased, {
      fullName: (body.full_name as string | null | undefined) ?? Deceased.displayName(firstName, middleName, lastName),
      firstName,
      middleName,
      lastName,
      dateOfBirth,
      dateOfDeath,
      ssn: (body.ssn as string | null | undefined) ?? null,
      address: (body.address as PostalAddress | null | undefined) ?? null,
      email: (body.email as string | null | undefined) ?? null,
      verificationLevel: (body.verification_level as string | null | undefined) ?? null,
      updatedAt: now,
    });
    await this.em.flush();
    const subject = { key: 'deceased', caseId };
    if (before === undefined) await this.events.created(this.em, subject, this.views.ofDeceased(deceased));
    else await this.events.changed(this.em, subject, before, this.views.ofDeceased(deceased));
    return { record: deceased, created: !existing };
  }
}
