import { EntitySchema } from '@mikro-orm/core';
import { caseRecordProperties, nullableText, timestampProperties } from '@estate/shared-kernel';
import { Collaborator } from '../../domain/collaborator';
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


/** Collaborators (contract-extensions §13.3): a case record; `organization_id` (the case's owner) stays inside. */
export const CollaboratorSchema = new EntitySchema<Collaborator>({
  class: Collaborator,
  tableName: 'collaborators',
  properties: {
    ...caseRecordProperties(),
    organizationId: { type: 'string', length: 26, hidden: true },
    email: { type: 'string', length: 320 },
    firstName: { ...nullableText(100) },
    lastName: { ...nullableText(100) },
    role: { type: 'string', length: 10 },
    status: { type: 'string', length: 10 },
    userId: { ...nullableText(26) },
    invitedBy: { ...nullableText(26) },
    message: { type: 'text', nullable: true },
    invitationExpiresAt: { ...timestamp },
    acceptedAt: { ...timestamp, nullable: true },
    ...timestampProperties(),
  },
});

