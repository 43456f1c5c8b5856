import { Injectable } from '@nestjs/common';
import { PlainQuery, plainRecord } from '@estate/shared-kernel';
import { CaseReads, LiveCase } from '../../application/ports/case-reads.port';
import { BoundPendingSearches } from '../../application/ports/pending-searches.port';
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

const CASE_COLUMNS = `c.id, c.organization_id, c.onboarding_id, c.queue_assignment, c.flow_position, c.estate_value, c.progress,
       c.possible_dispute, c.date_of_sign_up, c.terms_accepted_at, c.created_at, c.updated_at, c.version`;

const LIVE_CASE = `select ${CASE_COLUMNS} from cases c where c.id = $1 and c.deleted_at is null`;

const timestamp = (value: string | null): Date | null => (value === null ? null : new Date(value));

/**
 * The case row by primary key (a parameterised, prepared statement, mapped by hand to the domain class) and its pending
 * searches (the searches context's port, its own statement) in one round trip: both travel in one pipeline.
 */
@Injectable()
export class PlainCaseReads extends CaseReads {
  constructor(
    private readonly sql: PlainQuery,
    private readonly pendingSearches: BoundPendingSearches,
  ) {
    super();
  }

  async live(caseId: string): Promise<LiveCase | undefined> {
    const reads = this.sql.pipeline();
    const [[row], pendingSearches] = await Promise.all([
      reads.rows<CaseRow>(LIVE_CASE, [caseId], { prepared: true }),
      this.pendingSearches.forCase(caseId, reads),
    ]);
    if (!row) return undefined;
    const estateCase = plainRecord(EstateCase, {
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
    return { estateCase, pendingSearches };
  }
}
