import { faxResource } from '@estate/comms';
import { describeDeclaredContracts } from '../support/declared-contracts';
import { pdfBytes, upload } from '../support/document-files';

/** The PDF document of each case the contract opens that its faxes send. */
const documents = new Map<string, string>();

/** The sending address the service configures: an email's `from` when the body leaves it out. */
const SENDING_ADDRESS = 'desk@estatedesk.example';

describeDeclaredContracts('comms', {
  // The provider processor off, so that no email moves from queued under the checks (the moves are the emails' own suite's).
  env: { PROVIDER_PROCESSOR: 'off', EMAIL_FROM_ADDRESS: SENDING_ADDRESS },
  beyond: {
    email: { defaults: { from: SENDING_ADDRESS } },
    fax: {
      // A fax sends PDF or TIFF documents of the case, uploaded as multipart: each case's faxes send one PDF uploaded
      // for it. What a send needs and its provider's steps are the faxes' own suite's.
      seed: async (t, caller, place, body) => {
        if (!documents.has(place.caseId)) {
          const document = await upload(t, caller, place.caseId, { bytes: pdfBytes(2), filename: 'letters.pdf' });
          expect({ status: document.status, error: document.body.error }).toEqual({ status: 201, error: undefined });
          documents.set(place.caseId, document.body.data.id);
        }
        // A fax goes to its number, or to the fax number of the contact it names: a body naming neither sends the example's.
        const to = body.to_number === undefined && body.institution_contact_id === undefined ? { to_number: faxResource.examples!.full.to_number } : {};
        const res = await t.http().post(place.collection).set(caller.auth).send({ ...body, ...to, document_ids: [documents.get(place.caseId)] });
        expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
        return res.body.data;
      },
      samples: {
        // Institution contacts of the case, each with a fax number.
        institution_contact_id: async (t, caller, place) => {
          const contacts: string[] = [];
          for (const ending of ['0111', '0122', '0133']) {
            const res = await t.http().post(`/v1/cases/${place.caseId}/institution-contacts`).set(caller.auth).send({ institution_name: 'First Prairie Bank', account_types: ['bank'], contact_methods: { fax: `+1312555${ending}` } });
            expect(res.status).toBe(201);
            contacts.push(res.body.data.id);
          }
          return contacts;
        },
      },
    },
    // A transcript sent without a summary has the summary generated (the calls' own suite tests it).
    'phone call': { ruled: ['transcript', 'summary'] },
  },
});
