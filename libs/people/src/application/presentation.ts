import { etagOfVersion } from '@estate/shared-kernel';
import type { ProUser } from './ports/people-store.port';

/** A pro user as `GET /v1/pro-users/{id}` shows it, and as its events carry it. */
export function presentProUser(user: ProUser): Record<string, unknown> {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
    status: user.status,
    last_seen_at: user.lastSeenAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}

/** Versioned by `updated_at`: `last_seen_at` moving does not change the ETag a PATCH's If-Match compares. */
export function etagOfProUser(user: ProUser): string {
  return etagOfVersion('pro_user', user.id, user.updatedAt.getTime());
}

const TRACKED = ['first_name', 'last_name', 'role', 'status'] as const;

/** The former values of the fields a write changed, or undefined when none did. */
export function previousOf(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> | undefined {
  const previous = Object.fromEntries(TRACKED.filter((field) => before[field] !== after[field]).map((field) => [field, before[field]]));
  return Object.keys(previous).length > 0 ? previous : undefined;
}
