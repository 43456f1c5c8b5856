import { field, OwnRecordOf, recordShape } from '@estate/shared-kernel';
import { ORG_ROLES, PRO_USER_STATUSES } from '../domain/org-roles';

/**
 * A user (contract-extensions §13.2; a guest, §13.1, is one without organization nor role), declared once: the
 * `users` table's schema, `POST /v1/pro-users`'s body, the merge patch of its names and role, and the view come from
 * this list. The role and the status keep their `varchar(n)` columns and checks (migration 20261129100000), not
 * generated enum columns. The view states none of the body's bounds (`ownView`), as it never did. The table has no
 * `version`: the ETag is `updated_at`, which `last_seen_at` moving does not change.
 */
const PRO_USER_FIELDS = {
  // The member's organization; null for a guest. Never shown (a member reads its own organization's users only).
  organizationId: field.string({ hidden: true, max: 26 }),
  email: field.email({
    required: true,
    createOnly: true,
    column: { length: 320 },
    description: 'Where the invitation is sent; the member signs in as this address.',
    example: 'pat.rivera@example.com',
    ownView: true,
    view: { type: String, format: 'email', description: "The member's address." },
  }),
  firstName: field.string({ max: 100, description: 'Given name.', example: 'Pat', ownView: true, view: { type: String, nullable: true } }),
  lastName: field.string({ max: 100, description: 'Family name.', example: 'Rivera', ownView: true, view: { type: String, nullable: true } }),
  role: field.enum(ORG_ROLES, {
    plainColumn: true,
    column: { length: 10 },
    description: 'The role in the organization; `member` when omitted. Only owners invite owners.',
    example: 'member',
    ownView: true,
    view: { type: String, enum: ORG_ROLES, description: 'The role in the organization.' },
  }),
  status: field.enum(PRO_USER_STATUSES, {
    readOnly: true,
    required: true,
    plainColumn: true,
    column: { length: 12 },
    description: '`invited` until the invitation is accepted; `deactivated` members keep their record.',
    example: 'active',
  }),
  lastSeenAt: field.dateTime({ readOnly: true, description: 'When the member last called the API (to the minute).', example: '2026-09-02T08:30:00.000Z' }),
  // Set by the operator's `revoke` (the kernel's identity service): every token of the user is refused.
  revokedAt: field.dateTime({ hidden: true }),
};

/** A user as the `users` table holds it (member or guest). */
export type UserRecord = OwnRecordOf<typeof PRO_USER_FIELDS>;

/** Its collection is `/v1/pro-users`; its list narrows by role and by status. */
export const proUserRecord = recordShape<typeof PRO_USER_FIELDS, UserRecord>({
  name: 'pro user',
  table: 'users',
  key: 'own',
  path: 'pro-users',
  versioned: false,
  fields: PRO_USER_FIELDS,
  filters: { role: [...ORG_ROLES], status: [...PRO_USER_STATUSES] },
  sorts: ['created_at'],
});

/** The user's own fields `GET /v1/me` shows, before its organization, role there and tier. */
export const ME_USER_FIELDS = ['id', 'email', 'first_name', 'last_name'] as const;
