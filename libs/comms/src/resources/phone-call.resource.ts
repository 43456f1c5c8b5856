import { institutionContactResource } from '@estate/assets';
import { caseResource, ErrorDetail, JsonObject } from '@estate/shared-kernel';
import { CreatePhoneCall } from '../application/create-phone-call';
import { PatchPhoneCall } from '../application/patch-phone-call';
import { CALL_DIRECTIONS, CALL_STATUSES, RECORDING_STATUSES } from '../domain/comms-vocabulary';
import { PhoneCall } from '../domain/phone-call';
import { CreatePhoneCallBody, PatchPhoneCallBody, PhoneCallView } from '../http/dto/phone-call.dto';
import { PhoneCallSchema } from '../infrastructure/persistence/comms.schemas';

function callTimesInOrder(document: JsonObject): ErrorDetail[] {
  const { started_at: started, ended_at: ended } = document;
  if (typeof started !== 'string' || typeof ended !== 'string') return [];
  return Date.parse(ended) < Date.parse(started) ? [{ field: 'ended_at', message: 'ended_at must not be before started_at', reason: 'rule' }] : [];
}

/**
 * Phone calls: a plain record on the kernel's machinery. Its create and patch go through two small use cases that
 * let the call-summary port fill `summary` and `action_items` (call-summary-rule.ts) and then call the generic writer.
 * `#25` is the read of one call (recording, transcript, summary, action items); cursor pagination is recommended.
 */
export const phoneCallResource = caseResource<PhoneCall>({
  name: 'phone call',
  path: 'phone-calls',
  idParam: 'call_id',
  schema: PhoneCallSchema,
  useCases: { create: () => CreatePhoneCall, patch: () => PatchPhoneCall },
  create: CreatePhoneCallBody,
  patch: PatchPhoneCallBody,
  view: PhoneCallView,
  filters: { direction: CALL_DIRECTIONS, status: CALL_STATUSES, recording_status: RECORDING_STATUSES },
  sorts: ['created_at', 'started_at'],
  specRoutes: { read: 25 },
  tag: 'phone-calls',
  tagDescription: 'Calls to institutions.',
  statusChanged: true,
  rules: (document) => callTimesInOrder(document),
  // A contact of the same case, or null (contract §3.1); deleting the contact sets it to null.
  references: { institution_contact_id: () => institutionContactResource },
  // An action item sent without `completed` is not done yet (booleans read false when unset, contract §3.1).
  derive: (call) => {
    call.actionItems = (call.actionItems ?? []).map((item) => ({ description: item.description, completed: item.completed ?? false }));
  },
});
