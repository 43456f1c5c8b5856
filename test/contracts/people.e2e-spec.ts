import { proUserRecord } from '@estate/people';
import { describeDeclaredContracts } from '../support/declared-contracts';
import { describeDeclaredOrganizationContract } from '../support/declared-organization-contracts';

// Invitations send e-mails through the simulated provider; nothing here needs them delivered.
const INVITATION_ENV = { PROVIDER_PROCESSOR: 'off', EMAIL_FROM_ADDRESS: 'desk@estatedesk.example' };

describeDeclaredContracts('people', {
  env: INVITATION_ENV,
  beyond: {
    collaborator: {
      // One invitation per e-mail address and case (the collaborators' own suite tests it): each body invites its own.
      unique: ['email'],
      // The create answers the invitation code once, which no read shows, and a patch must name the role: the
      // invitation, its answers and the role are the collaborators' own suite's. A record is read back as it reads.
      seed: async (t, caller, place, body) => {
        const res = await t.http().post(place.collection).set(caller.auth).send(body);
        expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
        return (await t.http().get(`${place.collection}/${res.body.data.id}`).set(caller.auth).expect(200)).body.data;
      },
      // The status read is computed (expired is a pending invitation past its expiry, never stored): rows hold the stored ones.
      samples: { status: ['pending', 'accepted', 'declined'] },
    },
  },
});

describeDeclaredOrganizationContract(proUserRecord, {
  env: INVITATION_ENV,
  beyond: {
    // An invited member without a role is a member (the use case's default; the column has none).
    defaults: { role: 'member' },
    // An address is invited once (in any organization): each body invites its own.
    unique: ['email'],
    // Every organization starts with its first user, the caller (an owner): the lists count it in.
    presentAtStart: true,
    // The invitation's one-time code is in the create's answer only (the own suite accepts and declines it).
    shownOnCreate: ['invitation_code'],
    // A member is deactivated (POST …/deactivate, the own suite's), never deleted.
    without: ['delete'],
  },
});
