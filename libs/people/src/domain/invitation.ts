/** The kinds of one-time codes (contract-extensions §13.4): `collaborator` invitations (with `caseId`) join later. */
export type InvitationKind = 'pro_user' | 'collaborator';

/** One one-time code: only its hash is kept, and the code itself encrypted until the invitation e-mail has gone. */
export class Invitation {
  id: string;
  kind: InvitationKind;
  organizationId: string;
  userId: string | null;
  caseId: string | null;
  email: string;
  codeHash: string;
  sealedCode: string | null;
  invitedBy: string | null;
  expiresAt: Date;
  usedAt: Date | null;
  outcome: 'accepted' | 'declined' | null;
  createdAt: Date;
}
