import { Injectable } from '@nestjs/common';
import { PlainQuery } from '@estate/shared-kernel';
import type { CaseFields } from '../../application/case-reading';
import { CaseReads, LiveCase } from '../../application/ports/case-reads.port';
import { NO_PENDING_SEARCHES, PendingSearches } from '../../application/ports/pending-searches.port';
import { EstateCase } from '../../domain/estate-case';

interface PendingSearchesColumns {
  pending_searches: string[];
  pending_searches_tag: string;
}

interface CaseRow extends PendingSearchesColumns {
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
       date_of_sign_up, terms_accepted_at, created_at, updated_at, version, pending_searches, pending_searches_tag
  from cases where id = $1 and deleted_at is null`;

const PENDING_SEARCHES_OF_CASES = 'select id, pending_searches, pending_searches_tag from cases where id = any($1::text[])';

const timestamp = (value: string | null): Date | null => (value === null ? null : new Date(value));

const pendingSearchesOf = (row: PendingSearchesColumns): PendingSearches => ({ types: row.pending_searches, tag: row.pending_searches_tag });

/**
 * The case row by primary key, with the pending searches kept on it, in one parameterised, prepared statement, its
 * columns read into the case's fields (no entity: the response is made from them).
 */
@Injectable()
export class PlainCaseReads extends CaseReads {
  constructor(private readonly sql: PlainQuery) {
    super();
  }

  async live(caseId: string): Promise<LiveCase | undefined> {
    const [row] = await this.sql.rows<CaseRow>(LIVE_CASE, [caseId], { prepared: true });
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
    return { estateCase, pendingSearches: pendingSearchesOf(row) };
  }

  async pendingSearchesOf(caseIds: readonly string[]): Promise<(caseId: string) => PendingSearches> {
    if (caseIds.length === 0) return () => NO_PENDING_SEARCHES;
    const rows = await this.sql.rows<PendingSearchesColumns & { id: string }>(PENDING_SEARCHES_OF_CASES, [[...caseIds]], { prepared: true });
    const found = new Map(rows.map((row) => [row.id, pendingSearchesOf(row)]));
    return (caseId) => found.get(caseId) ?? NO_PENDING_SEARCHES;
  }
}
