import { describeDeclaredContracts } from '../support/declared-contracts';

describeDeclaredContracts('people', {
  // Invitations send e-mails through the simulated provider; nothing here needs them delivered.
  env: { PROVIDER_PROCESSOR: 'off', EMAIL_FROM_ADDRESS: 'desk@estatedesk.example' },
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
