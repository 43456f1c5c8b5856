import { Injectable } from '@nestjs/common';
import { PlainQuery } from '@estate/shared-kernel';
import { CaseReads } from '../../application/ports/case-reads.port';
import { EstateCase } from '../../domain/estate-case';

interface CaseRow {
  id: string;
  organization_id: string;
  onboarding_id: string | null;
  queue_assignment: string | null;
  flow_position: string | null;
  estate_value: EstateCase['estateValue'];
  progress: EstateCase['progress'];
  possible_dispute: EstateCase['possibleDispute'];
  date_of_sign_up: string | null;
  terms_accepted_at: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}

const LIVE_CASE = `select id, organization_id, onboarding_id, queue_assignment, flow_position, estate_value, progress, possible_dispute,
       date_of_sign_up, terms_accepted_at, created_at, updated_at, version
  from cases where id = $1 and deleted_at is null`;

const timestamp = (value: string | null): Date | null => (value === null ? null : new Date(value));

/** The case row by primary key in one parameterised statement, mapped by hand to the domain class. */
@Injectable()
export class PlainCaseReads extends CaseReads {
  constructor(private readonly sql: PlainQuery) {
    super();
  }

  async live(caseId: string): Promise<EstateCase | undefined> {
    const [row] = await this.sql.rows<CaseRow>(LIVE_CASE, [caseId], { prepared: true });
    if (!row) return undefined;
    return Object.assign(new EstateCase(), {
      id: row.id,
      organizationId: row.organization_id,
      onboardingId: row.onboarding_id,
      queueAssignment: row.queue_assignment,
      flowPosition: row.flow_position,
      estateValue: row.estate_value,
      progress: row.progress,
      possibleDispute: row.possible_dispute,
      dateOfSignUp: timestamp(row.date_of_sign_up),
      termsAcceptedAt: timestamp(row.terms_accepted_at),
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
      version: row.version,
      deletedAt: null,
    });
  }
}
