import { UNSET } from '../support/resource-contract';
import { describeDeclaredContracts } from '../support/declared-contracts';
import { LETTERS_OF_ROLE } from '../support/executor-letters';

describeDeclaredContracts('case', {
  // Invitations send e-mails through the simulated provider; nothing here needs them delivered.
  env: { PROVIDER_PROCESSOR: 'off' },
  beyond: {
    goal: {
      // A goal starts pending; whom it is assigned to must be a user who can reach the case (the goals' own suite tests it).
      defaults: { status: 'pending' },
      ruled: ['assigned_to'],
      samples: {
        // Members of the contract's own organization reach its cases.
        assigned_to: async (app, caller) => {
          const members: string[] = [];
          for (let i = 0; i < 3; i++) members.push((await app.join(caller, 'member')).userId);
          return [...members, UNSET];
        },
      },
    },
    // Each kinship fact belongs to one kind of relative (§17.3) and holds only beside its kinship, which a merge patch
    // of the contract clears: the facts stay out of its bodies (test/case-persons.e2e-spec.ts tests the rules).
    person: { ruled: ['descendant_of_spouse', 'spouse_has_other_descendants', 'side'] },
    // `full_name` defaults to the given names in order when a body leaves it out.
    deceased: { derived: (body) => ('full_name' in body ? {} : { full_name: [body.first_name, body.middle_name, body.last_name].filter(Boolean).join(' ') }) },
    // `letters_type` defaults from the role, the bond to not_required and is_professional to false; `identity_status`
    // follows the executor's identity verifications, of which the contract makes none.
    executor: {
      derived: (body) => ({
        letters_type: body.letters_type ?? LETTERS_OF_ROLE[body.role as string],
        bond_status: body.bond_status ?? 'not_required',
        is_professional: body.is_professional ?? false,
        identity_status: 'unverified',
      }),
    },
  },
});
