import { Injectable } from '@nestjs/common';
import { PlainQuery } from '@estate/shared-kernel';
import type { CaseFields } from '../../application/case-reading';
import { CaseReads, LiveCase } from '../../application/ports/case-reads.port';
import { PendingSearchesJoin, BoundPendingSearches } from '../../application/ports/pending-searches.port';
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
  pending_types?: string[] | null;
  pending_tag?: string | null;
}

const CASE_COLUMNS = `c.id, c.organization_id, c.onboarding_id, c.queue_assignment, c.flow_position, c.estate_value, c.progress,
       c.possible_dispute, c.date_of_sign_up, c.terms_accepted_at, c.created_at, c.updated_at, c.version`;

const liveCase = (join: PendingSearchesJoin | undefined) =>
  join
    ? `select ${CASE_COLUMNS}, pending_types, pending_tag from cases c ${join.sql} where c.id = $1 and c.deleted_at is null`
    : `select ${CASE_COLUMNS} from cases c where c.id = $1 and c.deleted_at is null`;

const NO_PENDING_SEARCHES = { types: [], tag: '' };

const timestamp = (value: string | null): Date | null => (value === null ? null : new Date(value));

/**
 * The case row by primary key and its pending searches (the searches context's join) in one parameterised, prepared
 * statement, its columns read into the case's fields (no entity: the response is made from them).
 */
@Injectable()
export class PlainCaseReads extends CaseReads {
  /** Built on first use: the searches context binds its source while the modules start. */
  private statement?: { text: string; join: PendingSearchesJoin | undefined };

  constructor(
    private readonly sql: PlainQuery,
    private readonly pendingSearches: BoundPendingSearches,
  ) {
    super();
  }

  async live(caseId: string): Promise<LiveCase | undefined> {
    if (!this.statement) {
      const join = this.pendingSearches.joinedToCase('c');
      this.statement = { text: liveCase(join), join };
    }
    const { text, join } = this.statement;
    const [row] = await this.sql.rows<CaseRow>(text, [caseId], { prepared: true });
    if (!row) return undefined;
    const estateCase: CaseFields = {
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
    };
    return { estateCase, pendingSearches: join ? join.read(row.pending_types ?? null, row.pending_tag ?? null) : NO_PENDING_SEARCHES };
  }
}
