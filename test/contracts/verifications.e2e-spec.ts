import { describeDeclaredContracts } from '../support/declared-contracts';

/** The methods that check the deceased; the others check the executor. */
const DECEASED_METHODS = ['death_record_match', 'death_certificate_review'];
const EXECUTOR = {
  first_name: 'Grace', last_name: 'Okafor', role: 'executor', ssn: '123-45-6789', address: { address1: '12 Elm Street', city: 'Springfield', state: 'IL', zip: '62701' }, date_of_birth: '1968-05-02',
};
const DECEASED = { first_name: 'Samuel', last_name: 'Okafor', date_of_death: '2026-08-20', ssn: '123-45-9876' };

describeDeclaredContracts('verifications', {
  // The provider processor off, so that no verification moves under the checks (the moves are their own suite's).
  env: { PROVIDER_PROCESSOR: 'off' },
  beyond: {
    'identity verification': {
      // A verification checks facts of its subject, recorded first, and one under way holds its subject's one place:
      // each record is started on its subject's facts and cancelled at once (the starts and moves are their own suite's).
      seed: async (t, caller, place, body) => {
        const method = body.method as string;
        const subject = (body.subject as string | undefined) ?? (DECEASED_METHODS.includes(method) ? 'deceased' : 'executor');
        const path = `/v1/cases/${place.caseId}/${subject}`;
        if ((await t.http().get(path).set(caller.auth)).status === 404) await t.http().put(path).set(caller.auth).send(subject === 'executor' ? EXECUTOR : DECEASED).expect(201);
        const res = await t.http().post(place.collection).set(caller.auth).send({ ...body, subject, method });
        expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
        return (await t.http().post(`${place.collection}/${res.body.data.id}/cancel`).set(caller.auth).send({}).expect(200)).body.data;
      },
      samples: {
        // Ends only: a verification under way would hold its subject's one place.
        status: ['failed', 'cancelled', 'failed'],
        // Methods that fit their subjects.
        subject: ['deceased', 'executor', 'executor'],
        method: ['death_record_match', 'kba', 'id_number'],
      },
    },
  },
});
