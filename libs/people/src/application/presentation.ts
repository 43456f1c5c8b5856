import { etagOfVersion, fieldsOf, serializeRecord } from '@estate/shared-kernel';
import { ME_USER_FIELDS, proUserRecord, UserRecord } from '../resources/pro-user-record';
import type { ProUser } from './ports/people-store.port';

/** A pro user as `GET /v1/pro-users/{id}` shows it, and as its events carry it: its declaration's visible fields. */
export function presentProUser(user: ProUser): Record<string, unknown> {
  return serializeRecord(user, proUserRecord.schema);
}

/** The user's own part of `GET /v1/me` (a member's or a guest's). */
export function presentMe(user: UserRecord): Record<string, unknown> {
  const shown = serializeRecord(user, proUserRecord.schema);
  return Object.fromEntries(ME_USER_FIELDS.map((field) => [field, shown[field]]));
}

/** Versioned by `updated_at`: `last_seen_at` moving does not change the ETag a PATCH's If-Match compares. */
export function etagOfProUser(user: ProUser): string {
  return etagOfVersion('pro_user', user.id, user.updatedAt.getTime());
}

/** What a write may change and its events report the former values of: the merge patch's fields, and the status. */
const TRACKED = [...fieldsOf(proUserRecord.patch!), 'status'];

/** The former values of the fields a write changed, or undefined when none did. */
export function previousOf(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> | undefined {
  const previous = Object.fromEntries(TRACKED.filter((field) => before[field] !== after[field]).map((field) => [field, before[field]]));
  return Object.keys(previous).length > 0 ? previous : undefined;
}
