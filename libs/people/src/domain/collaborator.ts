import type { CaseRecord, CollaboratorRole } from '@estate/shared-kernel/domain';

/** A collaborator's status as stored; `expired` is read, never stored (a `pending` one past its expiry). */
export const COLLABORATOR_STATUSES = ['pending', 'accepted', 'declined', 'expired'] as const;
export type CollaboratorStatus = (typeof COLLABORATOR_STATUSES)[number];
export type StoredCollaboratorStatus = Exclude<CollaboratorStatus, 'expired'>;

/**
 * An outside person invited onto one case (contract-extensions §13.3): `pending` until the invitation is accepted
 * (`accepted`, with `user_id`) or declined (`declined`). A `pending` one whose invitation expired reads `expired`.
 */
export class Collaborator implements CaseRecord {
  id: string;
  caseId: string;
  organizationId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: CollaboratorRole;
  status: StoredCollaboratorStatus;
  userId: string | null;
  invitedBy: string | null;
  message: string | null;
  invitationExpiresAt: Date;
  acceptedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;

  /** The status a client reads at `now`. */
  statusAt(now: Date): CollaboratorStatus {
    return this.status === 'pending' && this.invitationExpiresAt.getTime() <= now.getTime() ? 'expired' : this.status;
  }

  /** Whether a new invitation may be sent: only while nobody answered (pending or expired). */
  mayResend(): boolean {
    return this.status === 'pending';
  }

  /** Whether the e-mail still holds its place on the case: neither declined nor expired. */
  holdsInvitation(now: Date): boolean {
    const status = this.statusAt(now);
    return status === 'pending' || status === 'accepted';
  }
}
