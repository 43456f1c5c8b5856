import { webhookEndpointRecord } from '@estate/webhooks';
import { describeDeclaredOrganizationContract } from '../support/declared-organization-contracts';

describeDeclaredOrganizationContract(webhookEndpointRecord, {
  env: {
    // The declared example's host is allowed by name, so that no address is resolved; URL safety is the own suite's.
    WEBHOOK_ALLOWED_TARGETS: 'hooks.example.com',
    // Nothing here is delivered (deliveries, retries and pings are the own suite's).
    WEBHOOK_DISPATCHER: 'off',
  },
  beyond: {
    // The create's answer alone carries the signing secret (its rotation is the own suite's).
    shownOnCreate: ['secret'],
  },
});
