import { EntitySchema } from '@mikro-orm/core';
import type { InvitationKind } from '../../application/ports/people-store.port';

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

const timestamp = { type: 'Date', columnType: 'timestamptz(3)' } as const;

export const InvitationSchema = new EntitySchema<Invitation>({
  class: Invitation,
  tableName: 'invitations',
  properties: {
    id: { type: 'string', primary: true, length: 26 },
    kind: { type: 'string', length: 20 },
    organizationId: { type: 'string', length: 26 },
    userId: { type: 'string', length: 26, nullable: true },
    caseId: { type: 'string', length: 26, nullable: true },
    email: { type: 'string', length: 320 },
    codeHash: { type: 'string', length: 64 },
    sealedCode: { type: 'text', nullable: true },
    invitedBy: { type: 'string', length: 26, nullable: true },
    expiresAt: { ...timestamp },
    usedAt: { ...timestamp, nullable: true },
    outcome: { type: 'string', length: 10, nullable: true },
    createdAt: { ...timestamp },
  },
});

export const PEOPLE_ENTITIES = [InvitationSchema];
