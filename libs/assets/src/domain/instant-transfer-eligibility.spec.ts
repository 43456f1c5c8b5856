import fc from 'fast-check';
import { decideInstantTransferEligibility, EligibilityFacts } from './instant-transfer-eligibility';

const eligibleAccount: EligibilityFacts = {
  accountType: 'checking',
  ownershipType: 'individual',
  status: 'open',
  isEstateAccount: false,
  availableBalance: 1234.56,
};

describe('decideInstantTransferEligibility (contract §8)', () => {
  it('is eligible for an open individual account with a positive balance at level_2 or level_3, up to the balance', () => {
    expect(decideInstantTransferEligibility(eligibleAccount, 'level_2')).toEqual({ eligibility: 'eligible', maxTransferAmount: 1234.56, reasons: [] });
    expect(decideInstantTransferEligibility(eligibleAccount, 'level_3')).toEqual({ eligibility: 'eligible', maxTransferAmount: 1234.56, reasons: [] });
  });

  it('caps max_transfer_amount at 250,000.00', () => {
    expect(decideInstantTransferEligibility({ ...eligibleAccount, availableBalance: 250_000.01 }, 'level_2').maxTransferAmount).toBe(250_000);
    expect(decideInstantTransferEligibility({ ...eligibleAccount, availableBalance: 250_000 }, 'level_2').maxTransferAmount).toBe(250_000);
    expect(decideInstantTransferEligibility({ ...eligibleAccount, availableBalance: 0.01 }, 'level_2').maxTransferAmount).toBe(0.01);
  });

  // One row per rule: each breaks exactly one condition of an otherwise eligible account.
  const rows: Array<[string, Partial<EligibilityFacts>, string | null, string]> = [
    ['joint tenants with survivorship', { ownershipType: 'joint_tenants_wros' }, 'level_3', 'not_held_by_deceased_alone'],
    ['tenants in common', { ownershipType: 'tenants_in_common' }, 'level_3', 'not_held_by_deceased_alone'],
    ['payable on death', { ownershipType: 'pod_payable_on_death' }, 'level_3', 'not_held_by_deceased_alone'],
    ['transfer on death', { ownershipType: 'tod_transfer_on_death' }, 'level_3', 'not_held_by_deceased_alone'],
    ['trust ownership', { ownershipType: 'trust' }, 'level_3', 'not_held_by_deceased_alone'],
    ['estate ownership', { ownershipType: 'estate' }, 'level_3', 'not_held_by_deceased_alone'],
    ['joint account type', { accountType: 'joint_account' }, 'level_3', 'not_held_by_deceased_alone'],
    ['trust account type', { accountType: 'trust_account' }, 'level_3', 'not_held_by_deceased_alone'],
    ['closed', { status: 'closed' }, 'level_3', 'not_open'],
    ['frozen', { status: 'frozen' }, 'level_3', 'not_open'],
    ['dormant', { status: 'dormant' }, 'level_3', 'not_open'],
    ['pending closure', { status: 'pending_closure' }, 'level_3', 'not_open'],
    ['restricted', { status: 'restricted' }, 'level_3', 'not_open'],
    ['flagged as the estate account', { isEstateAccount: true }, 'level_3', 'estate_account'],
    ['estate account type', { accountType: 'estate_account' }, 'level_3', 'estate_account'],
    ['zero available balance', { availableBalance: 0 }, 'level_3', 'no_available_balance'],
    ['negative available balance', { availableBalance: -10 }, 'level_3', 'no_available_balance'],
    ['unknown available balance', { availableBalance: null }, 'level_3', 'no_available_balance'],
    ['authority level_1', {}, 'level_1', 'insufficient_authority'],
    ['authority level_0', {}, 'level_0', 'insufficient_authority'],
    ['no authority record', {}, null, 'insufficient_authority'],
  ];

  it.each(rows)('is ineligible with max 0 when %s', (_label, change, level, reason) => {
    expect(decideInstantTransferEligibility({ ...eligibleAccount, ...change }, level)).toEqual({ eligibility: 'ineligible', maxTransferAmount: 0, reasons: [reason] });
  });

  it('reports every reason at once', () => {
    const decision = decideInstantTransferEligibility({ ...eligibleAccount, status: 'frozen', availableBalance: null }, 'level_1');
    expect(decision.reasons).toEqual(['not_open', 'no_available_balance', 'insufficient_authority']);
  });

  it('subtracts what settled transfers moved from the 250,000.00 cap, never from the balance (settled money left it)', () => {
    expect(decideInstantTransferEligibility({ ...eligibleAccount, availableBalance: 400, instantTransferTransferredAmount: 600 }, 'level_2').maxTransferAmount).toBe(400);
    expect(decideInstantTransferEligibility({ ...eligibleAccount, availableBalance: 50_000, instantTransferTransferredAmount: 249_999.99 }, 'level_2').maxTransferAmount).toBe(0.01);
    expect(decideInstantTransferEligibility({ ...eligibleAccount, availableBalance: 50_000, instantTransferTransferredAmount: 250_000 }, 'level_2').maxTransferAmount).toBe(0);
  });

  it('depends on the balance, the transferred amount and the eligibility facts alone (property)', () => {
    const cents = (max: number) => fc.integer({ min: 0, max }).map((value) => value / 100);
    fc.assert(
      fc.property(cents(40_000_000), cents(25_000_000), fc.string(), (available, transferred, unrelated) => {
        const facts = { ...eligibleAccount, availableBalance: available, instantTransferTransferredAmount: transferred };
        const decision = decideInstantTransferEligibility(facts, 'level_2');
        // Unrelated fields of the record (an edit's notes) change nothing.
        expect(decideInstantTransferEligibility({ ...facts, notes: unrelated } as EligibilityFacts, 'level_2')).toEqual(decision);
        const expected = available > 0 ? Math.max(0, Math.min(available, (25_000_000 - Math.round(transferred * 100)) / 100)) : 0;
        expect(decision.maxTransferAmount).toBe(expected);
      }),
    );
  });
});
