import { Injectable } from '@nestjs/common';
import { ErrorDetail, ValidationFailedError } from '@estate/shared-kernel';
import { STATE_CODES } from '@estate/shared-kernel/domain';
import { CaseFamilies, type FamilyMember } from '@estate/case';
import { EstateInventoryTotals } from '@estate/assets';
import { computeHeirship, type FamilyPerson, type HeirshipAnswer, type PropertyKind, rulesOf } from '../domain/heirship';
import { DeceasedDates } from './ports/deceased-dates.port';
import { IntestacyRuleBook } from './ports/intestacy-rules.port';
import { EstateDomicile } from './estate-domicile';

const QUERY_INVALID = 'Invalid query parameters.';

export const PROPERTY_KINDS: readonly PropertyKind[] = ['separate', 'community'];

/** The query of `GET …/heirship` as it arrives: each parameter once, or not at all. */
export interface HeirshipQuery {
  state?: unknown;
  property?: unknown;
}

/** Who inherits, with what the computation was asked and the estate value it divided. */
export interface HeirshipReport {
  property: PropertyKind;
  /** The inventory's gross probate assets at the date of death, in cents. */
  estateCents: bigint;
  answer: HeirshipAnswer;
}

/** One value of a query parameter; a repeated one is refused rather than one of its values picked. */
function single(query: HeirshipQuery, name: keyof HeirshipQuery, problems: ErrorDetail[]): string | null {
  const value = query[name];
  if (value === undefined) return null;
  if (typeof value === 'string') return value;
  problems.push({ field: name, message: `${name} must be given once, as text`, reason: 'type' });
  return null;
}

const asFamilyPerson = (member: FamilyMember): FamilyPerson => ({
  id: member.id,
  name: member.fullName,
  kinship: member.kinship,
  through_person_id: member.throughPersonId,
  descendant_of_spouse: member.descendantOfSpouse,
  spouse_has_other_descendants: member.spouseHasOtherDescendants,
  side: member.side,
  is_deceased: member.isDeceased,
});

/**
 * `GET /v1/cases/{case_id}/heirship` (contract-extensions §17.3): who inherits the estate when there is no will,
 * under the domicile's intestacy rules, computed by the one interpreter (domain/heirship). It changes nothing: the
 * persons are read in one statement (one snapshot of the family), the estate value from the inventory at the date
 * of death.
 */
@Injectable()
export class EstateHeirship {
  constructor(
    private readonly ruleBook: IntestacyRuleBook,
    private readonly domicile: EstateDomicile,
    private readonly families: CaseFamilies,
    private readonly deceased: DeceasedDates,
    private readonly inventory: EstateInventoryTotals,
  ) {}

  async of(caseId: string, query: HeirshipQuery): Promise<HeirshipReport> {
    const problems: ErrorDetail[] = [];
    const named = single(query, 'state', problems);
    const asked = single(query, 'property', problems);
    if (named !== null && !(STATE_CODES as readonly string[]).includes(named)) {
      problems.push({ field: 'state', message: 'state must be the upper-case USPS code of a state or DC', reason: 'enum' });
    }
    if (asked !== null && !(PROPERTY_KINDS as readonly string[]).includes(asked)) {
      problems.push({ field: 'property', message: `property must be one of: ${PROPERTY_KINDS.join(', ')}`, reason: 'enum' });
    }
    if (problems.length > 0) throw new ValidationFailedError(problems, QUERY_INVALID);
    const property = (asked ?? 'separate') as PropertyKind;

    const state = await this.domicile.of(caseId, named);
    if (state === null) {
      throw new ValidationFailedError([
        { field: 'state', message: 'state is required: the case has no probate case, and the deceased no address, to take the domicile from', reason: 'required' },
      ], QUERY_INVALID);
    }
    const rules = rulesOf(this.ruleBook.rules(), state);
    if (!rules) {
      throw new ValidationFailedError([
        { field: 'state', message: `the domicile ${state}, from the deceased's address, is not a state or DC whose rules ship: name the state`, reason: 'rule' },
      ], QUERY_INVALID);
    }
    if (property === 'community' && !rules.community_property) {
      throw new ValidationFailedError([{ field: 'property', message: `${rules.name} has no community property: its estates are separate property`, reason: 'rule' }], QUERY_INVALID);
    }

    const persons = (await this.families.familyOf(caseId)).map(asFamilyPerson);
    const dateOfDeath = await this.deceased.dateOfDeath(caseId);
    const totals = await this.inventory.totalsOf(caseId, null);
    // An overdrawn account can bring the assets' sum below zero; an estate passes nothing less than nothing.
    const estateCents = totals.grossProbateAssets > 0n ? totals.grossProbateAssets : 0n;
    const answer = computeHeirship(rules, {
      persons,
      property,
      estate_cents: estateCents,
      death_year: dateOfDeath === null ? null : Number(dateOfDeath.slice(0, 4)),
    });
    return { property, estateCents, answer };
  }
}
