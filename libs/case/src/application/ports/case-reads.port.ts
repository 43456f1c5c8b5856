import type { EstateCase } from '../../domain/estate-case';

/**
 * The read of one live case for `GET /v1/cases/{case_id}` (issue 7): the hottest route, read outside the unit of work
 * in one plain query. Writes load the case through the unit of work instead.
 */
export abstract class CaseReads {
  abstract live(caseId: string): Promise<EstateCase | undefined>;
}
