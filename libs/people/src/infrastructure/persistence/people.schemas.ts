import { EntitySchema } from '@mikro-orm/core';
import { Invitation } from '../../domain/invitation';

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

