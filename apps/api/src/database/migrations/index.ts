import { Migration20261122000000_foundation } from './Migration20261122000000_foundation';
import { Migration20261123100000_cache_invalidation } from './Migration20261123100000_cache_invalidation';
import { Migration20261123110000_assets_accounts } from './Migration20261123110000_assets_accounts';
import { Migration20261123111000_assets_holdings } from './Migration20261123111000_assets_holdings';
import { Migration20261123120000_probate } from './Migration20261123120000_probate';
import { Migration20261123121000_comms } from './Migration20261123121000_comms';
import { Migration20261123130000_person_phone_length } from './Migration20261123130000_person_phone_length';
import { Migration20261123140000_transfers } from './Migration20261123140000_transfers';
import { Migration20261123150000_events } from './Migration20261123150000_events';
import { Migration20261123151000_webhooks } from './Migration20261123151000_webhooks';
import { Migration20261123160000_idempotency_claims } from './Migration20261123160000_idempotency_claims';
import { Migration20261127100000_job_queue } from './Migration20261127100000_job_queue';
import { Migration20261127183000_ach_returns } from './Migration20261127183000_ach_returns';
import { Migration20261127120000_case_pending_searches } from './Migration20261127120000_case_pending_searches';
import { Migration20261127130000_deadline_feed_links } from './Migration20261127130000_deadline_feed_links';
import { Migration20261127200000_documents } from './Migration20261127200000_documents';
import { Migration20261128100000_notarizations } from './Migration20261128100000_notarizations';
import { Migration20261128100000_signers } from './Migration20261128100000_signers';
import { Migration20261128101000_statements } from './Migration20261128101000_statements';
import { Migration20261128100000_faxes } from './Migration20261128100000_faxes';
import { Migration20261128110000_executors } from './Migration20261128110000_executors';
import { Migration20261128111000_identity_verifications } from './Migration20261128111000_identity_verifications';

/** Every committed migration, in order. Listed explicitly so the built service and the tests run the same ones. */
export const MIGRATIONS = [
  { name: 'Migration20261122000000_foundation', class: Migration20261122000000_foundation },
  { name: 'Migration20261123100000_cache_invalidation', class: Migration20261123100000_cache_invalidation },
  { name: 'Migration20261123110000_assets_accounts', class: Migration20261123110000_assets_accounts },
  { name: 'Migration20261123111000_assets_holdings', class: Migration20261123111000_assets_holdings },
  { name: 'Migration20261123120000_probate', class: Migration20261123120000_probate },
  { name: 'Migration20261123121000_comms', class: Migration20261123121000_comms },
  { name: 'Migration20261123130000_person_phone_length', class: Migration20261123130000_person_phone_length },
  { name: 'Migration20261123140000_transfers', class: Migration20261123140000_transfers },
  { name: 'Migration20261123150000_events', class: Migration20261123150000_events },
  { name: 'Migration20261123151000_webhooks', class: Migration20261123151000_webhooks },
  { name: 'Migration20261123160000_idempotency_claims', class: Migration20261123160000_idempotency_claims },
  { name: 'Migration20261127100000_job_queue', class: Migration20261127100000_job_queue },
  { name: 'Migration20261127120000_case_pending_searches', class: Migration20261127120000_case_pending_searches },
  { name: 'Migration20261127130000_deadline_feed_links', class: Migration20261127130000_deadline_feed_links },
  { name: 'Migration20261127183000_ach_returns', class: Migration20261127183000_ach_returns },
  { name: 'Migration20261127200000_documents', class: Migration20261127200000_documents },
  { name: 'Migration20261128100000_notarizations', class: Migration20261128100000_notarizations },
  { name: 'Migration20261128100000_signers', class: Migration20261128100000_signers },
  { name: 'Migration20261128101000_statements', class: Migration20261128101000_statements },
  { name: 'Migration20261128100000_faxes', class: Migration20261128100000_faxes },
  { name: 'Migration20261128110000_executors', class: Migration20261128110000_executors },
  { name: 'Migration20261128111000_identity_verifications', class: Migration20261128111000_identity_verifications },
];
