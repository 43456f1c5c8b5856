/**
 * How an asset passes at death: through probate, into the estate, or outside it to someone named by its title, a deed
 * or a beneficiary designation. One rule per way of passing, so the inventory (contract §3.2) and the court accounting
 * (contract-extensions §16.3: "the inventory adopts the same rules") hold one notion of probate property.
 */

/** Why an asset passes outside probate; `null` for probate assets. */
export const PASSES_BY = ['payable_on_death', 'transfer_on_death', 'joint_survivorship', 'named_beneficiaries', 'trust', 'life_estate'] as const;
export type PassesBy = (typeof PASSES_BY)[number];

/**
 * The ways a kind of asset can pass, as its entry in the catalogue states it:
 * - `through_probate`: always the estate's (a vehicle, a business interest, a parcel known only by valuations);
 * - `through_probate_once_paid`: the estate's once its claim is paid, before that nobody's yet (unclaimed property);
 * - `by_account_ownership`: outside probate when held payable or transferable on death, jointly with survivorship or in
 *   trust (contract §8, shared by financial accounts, §12.1);
 * - `by_named_beneficiaries`: outside probate to the beneficiaries it names, through probate when it names none;
 * - `by_property_ownership`: outside probate when the title or a deed passes it (contract-extensions §12.4).
 */
export type Passage = 'through_probate' | 'through_probate_once_paid' | 'by_account_ownership' | 'by_named_beneficiaries' | 'by_property_ownership';

const BANK_OWNERSHIP_OUTSIDE_PROBATE: Record<string, PassesBy> = {
  pod_payable_on_death: 'payable_on_death',
  tod_transfer_on_death: 'transfer_on_death',
  joint_tenants_wros: 'joint_survivorship',
  trust: 'trust',
};

/** Contract-extensions §12.4: how real property held in each of these ways passes outside probate. */
const PROPERTY_OWNERSHIP_OUTSIDE_PROBATE: Record<string, PassesBy> = {
  joint_tenants_wros: 'joint_survivorship',
  tenancy_by_entirety: 'joint_survivorship',
  community_property_wros: 'joint_survivorship',
  trust: 'trust',
  life_estate: 'life_estate',
  tod_deed: 'transfer_on_death',
};

/** The bank accounts' rule (contract §8), shared by financial accounts (§12.1: the same ownership set). */
export function accountPassesBy(ownershipType: string | null, accountType?: string): PassesBy | null {
  return (ownershipType ? BANK_OWNERSHIP_OUTSIDE_PROBATE[ownershipType] : undefined) ?? (accountType === 'trust_account' ? 'trust' : null);
}

/** How a property held that way passes outside probate, or null when it `requires_probate` (§12.4). */
export function propertyPassesBy(ownershipType: string): PassesBy | null {
  return PROPERTY_OWNERSHIP_OUTSIDE_PROBATE[ownershipType] ?? null;
}

/** An account or policy with a named beneficiary passes to them, outside probate. */
export const named = (beneficiaries: readonly unknown[] | null | undefined): PassesBy | null => ((beneficiaries ?? []).length > 0 ? 'named_beneficiaries' : null);

/** What a passage reads of a record: the fields its rule names (a record of another kind lacks them). */
export interface PassageFacts {
  ownershipType?: string | null;
  accountType?: string;
  beneficiaries?: readonly unknown[] | null;
}

/** Why the record passes outside probate under its kind's passage, or `null` when it passes through probate. */
export function passesByOf(passage: Passage, record: PassageFacts): PassesBy | null {
  switch (passage) {
    case 'by_account_ownership':
      return accountPassesBy(record.ownershipType ?? null, record.accountType);
    case 'by_named_beneficiaries':
      return named(record.beneficiaries);
    case 'by_property_ownership':
      return propertyPassesBy(record.ownershipType as string);
    case 'through_probate':
    case 'through_probate_once_paid':
      return null;
  }
}
