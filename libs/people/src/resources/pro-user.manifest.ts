import { resourceManifest } from '@estate/shared-kernel';
import { proUserRecord } from './pro-user-record';

/** Pro users (contract-extensions §13.2), an organization-level resource: invited, renamed or re-roled, (de)activated. */
export const proUserManifest = resourceManifest({
  eventKey: 'pro_user',
  emits: ['created', 'updated', 'status_changed'],
  tag: 'People',
  tagDescription: 'The organization\'s members (pro users), their roles, invitations and `/v1/me`.',
  view: proUserRecord.view,
});
