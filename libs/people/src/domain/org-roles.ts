import { createHash, randomBytes } from 'node:crypto';
import { ORG_ROLES, type OrgRole } from '@estate/shared-kernel/domain';

/** Contract-extensions §13.2: the roles are the kernel's (a principal carries one); the statuses are the members' own. */
export { ORG_ROLES };
export type { OrgRole };
/** `invited` until the invitation is accepted; `deactivated` users stay for the audit trail. */
export const PRO_USER_STATUSES = ['invited', 'active', 'deactivated'] as const;
export type ProUserStatus = (typeof PRO_USER_STATUSES)[number];

/** Owners and admins invite and deactivate members and manage organization-level settings (webhooks). */
export function manages(role: OrgRole | null): boolean {
  return role === 'owner' || role === 'admin';
}

/**
 * Who may set `role` from `from` to `to` (§13.2): an owner any move; an admin only between `member` and `admin`;
 * a member none.
 */
export function mayChangeRole(actor: OrgRole | null, from: OrgRole, to: OrgRole): boolean {
  if (actor === 'owner') return true;
  if (actor === 'admin') return from !== 'owner' && to !== 'owner';
  return false;
}

/** Names are changed by the user themself or by an owner or admin. */
export function mayRename(actor: { userId: string; role: OrgRole | null }, subjectId: string): boolean {
  return actor.userId === subjectId || manages(actor.role);
}

/** Whether a change leaves the organization without an active owner (§13.2: `409 last_owner`). */
export function removesLastOwner(subject: { role: OrgRole; status: ProUserStatus }, after: { role: OrgRole; status: ProUserStatus }, activeOwners: number): boolean {
  const wasActiveOwner = subject.role === 'owner' && subject.status === 'active';
  const staysActiveOwner = after.role === 'owner' && after.status === 'active';
  return wasActiveOwner && !staysActiveOwner && activeOwners <= 1;
}

export const INVITATION_PREFIX = 'inv_';
const INVITATION_PATTERN = /^inv_[A-Za-z0-9_-]{43}$/;

/** §13.4: `inv_` and 32 random bytes (base64url), shown once. */
export function newInvitationCode(): string {
  return INVITATION_PREFIX + randomBytes(32).toString('base64url');
}

/** What is stored of a code: its SHA-256, hex. */
export function hashInvitationCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

export function looksLikeInvitationCode(code: string): boolean {
  return INVITATION_PATTERN.test(code);
}
