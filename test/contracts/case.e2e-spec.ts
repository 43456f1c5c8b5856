import { UNSET } from '../support/resource-contract';
import { describeDeclaredContracts } from '../support/declared-contracts';

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
  },
});
