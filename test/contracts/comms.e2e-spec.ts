import { describeDeclaredContracts } from '../support/declared-contracts';

/** The sending address the service configures: an email's `from` when the body leaves it out. */
const SENDING_ADDRESS = 'desk@estatedesk.example';

describeDeclaredContracts('comms', {
  except: [
    // Its create needs PDF or TIFF documents of the case, uploaded as multipart: no example gives them (its own suite seeds them).
    'fax',
  ],
  // The provider processor off, so that no email moves from queued under the checks (the moves are the emails' own suite's).
  env: { PROVIDER_PROCESSOR: 'off', EMAIL_FROM_ADDRESS: SENDING_ADDRESS },
  beyond: {
    email: { defaults: { from: SENDING_ADDRESS } },
    // A transcript sent without a summary has the summary generated (the calls' own suite tests it).
    'phone call': { ruled: ['transcript', 'summary'] },
  },
});
