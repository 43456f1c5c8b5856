import { caseRecord } from '@estate/case';
import { ISO_UTC } from '../support/contract-checks';
import { describeDeclaredOrganizationContract } from '../support/declared-organization-contracts';

describeDeclaredOrganizationContract(caseRecord, {
  beyond: {
    // A case left without a sign-up moment signed up when it was created.
    defaults: { date_of_sign_up: expect.stringMatching(ISO_UTC) },
    // `access` is how the caller reaches a case (a member of its organization, or a collaborator it was shared with):
    // the collaborators' suite gives it rows; the contract checks its bad values.
    ownFilters: ['access'],
  },
});
