import type { ErrorDetail } from '@estate/shared-kernel/domain';
import type { StateRules } from './jurisdiction-rules';
import type { ProbateCaseStatus, ProbateType } from './probate-court-vocabulary';

/** A county as §10.4 ships it (`counties` of the jurisdiction file). */
export interface ShippedCounty {
  fips: string;
  state: string;
  name: string;
  court_name: string | null;
  court_address: Record<string, unknown> | null;
  court_phone?: string | null;
  court_website?: string | null;
}

/** What the probate case's rules read of the reference data: the states and the counties shipped. */
export interface ProbateJurisdictions {
  states: readonly StateRules[];
  counties: readonly ShippedCounty[];
}

/**
 * The moves of §10.1 as data: `not_filed` → `filed` → `open` → `closed`; `filed`/`open` → `dismissed`; a small estate
 * also `not_filed` → `closed` (an affidavit collected without a court filing; checked separately). Final: `closed`,
 * `dismissed`.
 */
export const PROBATE_CASE_MOVES: Readonly<Record<ProbateCaseStatus, readonly ProbateCaseStatus[]>> = {
  not_filed: ['filed'],
  filed: ['open', 'dismissed'],
  open: ['closed', 'dismissed'],
  closed: [],
  dismissed: [],
};

/** The dates of past facts (§10.0): none may be after today. */
const PAST_FACT_DATES = ['filed_date', 'opened_date', 'closed_date'] as const;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The members every address has (the address object's required ones). */
const ADDRESS_MEMBERS = ['address1', 'city', 'state', 'zip'] as const;

/**
 * The probate case (contract-extensions §10.1): the court proceeding of a case, at most one per case. A plain record
 * whose rules check the status against the move list and what each status needs, the state and probate type against
 * the reference data (§10.4), and the county; `derive` fills the county's name and court from the reference data.
 */
export class ProbateCase {
  caseId: string;
  // The properties its rules read and fill; its other fields are declared with its resource.
  state: string;
  countyFips: string | null;
  countyName: string | null;
  courtName: string | null;
  courtAddress: Record<string, unknown> | null;
  status: ProbateCaseStatus;
  willAdmitted: boolean | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;

  /**
   * Every problem of a `PUT` body or a merged `PATCH` document; `current` is the stored status (null on create, where
   * any status whose fields hold may be recorded: a case already open in court when the estate is entered).
   */
  static problems(document: Record<string, unknown>, current: ProbateCaseStatus | null, today: string, jurisdictions: ProbateJurisdictions): ErrorDetail[] {
    const problems: ErrorDetail[] = [];
    const status = ((document.status as ProbateCaseStatus | null | undefined) ?? 'not_filed') as ProbateCaseStatus;
    const probateType = document.probate_type as ProbateType | undefined;
    const stateRules = jurisdictions.states.find((state) => state.code === document.state);
    if (typeof document.state === 'string' && !stateRules) {
      problems.push({ field: 'state', message: 'state must be the USPS code of a state or DC (GET /v1/probate/states)', reason: 'enum' });
    }
    if (stateRules && typeof probateType === 'string' && stateRules.probate_types !== null && !stateRules.probate_types.includes(probateType)) {
      problems.push({
        field: 'probate_type',
        message: `${stateRules.name} has no ${probateType} probate; its types are ${stateRules.probate_types.join(', ')}`,
        reason: 'rule',
      });
    }
    if (stateRules && typeof document.county_fips === 'string') problems.push(...ProbateCase.countyProblems(document.county_fips, stateRules, jurisdictions.counties));
    for (const field of PAST_FACT_DATES) {
      const value = document[field];
      if (typeof value === 'string' && value > today) problems.push({ field, message: `${field} must not be after today (${today})`, reason: 'range' });
    }
    if (current !== null && status !== current) {
      const allowed = [...PROBATE_CASE_MOVES[current], ...(current === 'not_filed' && probateType === 'small_estate' ? (['closed'] as const) : [])];
      if (!allowed.includes(status)) {
        const why = current === 'closed' || current === 'dismissed' ? `a ${current} probate case is final` : `a ${current} probate case cannot become ${status}`;
        problems.push({ field: 'status', message: `${why}; allowed from ${current}: ${allowed.join(', ') || 'none'}`, reason: 'rule' });
        return problems;
      }
    }
    problems.push(...ProbateCase.statusNeeds(document, status, probateType));
    problems.push(...ProbateCase.attorneyAddressProblems(document));
    return problems;
  }

  /**
   * A merge patch may bring one member of the attorney's address (the body checks each member it sends); the merged
   * address must still be whole, as a `PUT` body's is.
   */
  private static attorneyAddressProblems(document: Record<string, unknown>): ErrorDetail[] {
    const attorney = document.attorney as { address?: Record<string, unknown> | null } | null | undefined;
    const address = attorney?.address;
    if (address === null || address === undefined || typeof address !== 'object') return [];
    return ADDRESS_MEMBERS.filter((member) => text(address[member]) === null).map((member) => ({
      field: `attorney.address.${member}`,
      message: `attorney.address.${member} is required: the merged address must be whole`,
      reason: 'required' as const,
    }));
  }

  /**
   * A merge patch that moves `county_fips`: the county's name, court name and court address it does not send are
   * unsent (null), so the new county fills them, rather than kept from the county before.
   */
  static followCounty<Document extends Record<string, unknown>>(merged: Document, patch: Record<string, unknown>, stored: Record<string, unknown>): Document {
    if (!('county_fips' in patch) || patch.county_fips === stored.county_fips) return merged;
    const followed: Record<string, unknown> = { ...merged };
    for (const field of ['county_name', 'court_name', 'court_address']) if (!(field in patch)) followed[field] = null;
    return followed as Document;
  }

  /** Fills what the reference data knows of the county: an unsent (null) county name, court name and court address. */
  static fillFromCounty(record: ProbateCase, jurisdictions: ProbateJurisdictions): void {
    if (record.countyFips === null) return;
    const county = jurisdictions.counties.find((candidate) => candidate.fips === record.countyFips && candidate.state === record.state);
    record.countyName ??= county?.name ?? null;
    record.courtAddress ??= county?.court_address ?? null;
    if (record.courtName === null) {
      const pattern = jurisdictions.states.find((state) => state.code === record.state)?.court_name_pattern ?? null;
      record.courtName = county?.court_name ?? (pattern !== null && record.countyName !== null ? pattern.replace('{county}', record.countyName) : null);
    }
  }

  /** §10.1: one of the state's counties where §10.4 ships them; elsewhere 5 digits starting with the state's FIPS. */
  private static countyProblems(fips: string, state: StateRules, counties: readonly ShippedCounty[]): ErrorDetail[] {
    if (state.counties_shipped) {
      if (counties.some((county) => county.state === state.code && county.fips === fips)) return [];
      return [{ field: 'county_fips', message: `county_fips must be one of the counties of ${state.name} (GET /v1/probate/states/${state.code}/counties)`, reason: 'rule' }];
    }
    if (/^\d{5}$/.test(fips) && fips.startsWith(state.fips)) return [];
    return [{ field: 'county_fips', message: `county_fips must be 5 digits starting with ${state.name}'s FIPS code ${state.fips}`, reason: 'rule' }];
  }

  /** What each status needs (§10.1), whichever way the case reached it, and the order of its dates. */
  private static statusNeeds(document: Record<string, unknown>, status: ProbateCaseStatus, probateType: ProbateType | undefined): ErrorDetail[] {
    const problems: ErrorDetail[] = [];
    const need = (field: string) => {
      if (document[field] === null || document[field] === undefined || (typeof document[field] === 'string' && text(document[field]) === null)) {
        problems.push({ field, message: `a ${status} probate case needs ${field}`, reason: 'required' });
      }
    };
    if (status === 'filed' || status === 'open' || status === 'dismissed') need('filed_date');
    if (status === 'open') ['case_number', 'opened_date'].forEach(need);
    if (status === 'closed') {
      need('closed_date');
      // A small estate may close without ever opening (the affidavit path); any other case was opened first.
      if (probateType !== 'small_estate') need('opened_date');
    }
    if (status === 'dismissed') need('closed_date');
    const filed = document.filed_date as string | null | undefined;
    const opened = document.opened_date as string | null | undefined;
    const closed = document.closed_date as string | null | undefined;
    if (filed && opened && opened < filed) problems.push({ field: 'opened_date', message: 'opened_date must not be before filed_date', reason: 'range' });
    if (closed && opened && closed < opened) problems.push({ field: 'closed_date', message: 'closed_date must not be before opened_date', reason: 'range' });
    else if (closed && filed && closed < filed) problems.push({ field: 'closed_date', message: 'closed_date must not be before filed_date', reason: 'range' });
    return problems;
  }
}
