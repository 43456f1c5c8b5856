import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { findRecords } from '@estate/shared-kernel';
import { ProbateAccountRecords, ProbateAccountRecordsReader, ProbateAttorney, ProbatePaperFacts } from '../../application/ports/probate-account-records.port';
import { ProbateReferenceFiles } from '../../application/ports/probate-reference-files.port';
import { creditorClaimResource } from '../../resources/creditor-claim.resource';
import { probateCaseResource } from '../../resources/probate-case.resource';

/** The attorney as the probate case stores it (its JSON members, snake_case). */
type StoredAttorney = Partial<Omit<ProbateAttorney, 'barNumber'>> & { bar_number?: string | null; barNumber?: string | null };

/** The court's records an account reads, through MikroORM on the caller's unit of work. */
@Injectable()
export class OrmProbateAccountRecords extends ProbateAccountRecordsReader {
  constructor(
    private readonly em: EntityManager,
    private readonly reference: ProbateReferenceFiles,
  ) {
    super();
  }

  async ofCase(caseId: string): Promise<ProbateAccountRecords> {
    const probate = await this.em.findOne(probateCaseResource.schema, { caseId });
    const scope = { caseId };
    const creditorClaims = await findRecords(this.em, creditorClaimResource.schema, [scope]);
    return {
      probateCase: probate && { courtName: probate.courtName ?? null, countyName: probate.countyName ?? null, state: probate.state, caseNumber: probate.caseNumber ?? null },
      creditorClaims,
    };
  }

  async paperOf(caseId: string): Promise<ProbatePaperFacts | null> {
    const probate = await this.em.findOne(probateCaseResource.schema, { caseId });
    if (!probate) return null;
    const attorney = (probate.attorney ?? null) as StoredAttorney | null;
    return {
      stateName: this.stateName(probate.state),
      // The reference file (§10.4) cites no account statute for any state yet: every paper's verification is neutral.
      accountStatute: null,
      attorney: attorney && {
        name: attorney.name ?? null,
        firm: attorney.firm ?? null,
        barNumber: attorney.barNumber ?? attorney.bar_number ?? null,
        email: attorney.email ?? null,
        phone: attorney.phone ?? null,
        address: attorney.address ?? null,
      },
      hearingDate: probate.nextHearingDate ?? null,
      hearingTime: probate.hearingTime ?? null,
      hearingDepartment: probate.hearingDepartment ?? null,
    };
  }

  stateName(code: string): string | null {
    return this.reference.jurisdictions().content.states.find((candidate) => candidate.code === code)?.name ?? null;
  }
}
