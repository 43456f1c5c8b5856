import { EntitySchema } from '@mikro-orm/core';
import type { Tier } from '@estate/shared-kernel';
import { Invitation } from '../../domain/invitation';
import { proUserRecord } from '../../resources/pro-user-record';

const timestamp = { type: 'Date', columnType: 'timestamptz(3)' } as const;

/** An organization: its members' tier (contract §9); created by the operator's invitation. */
export class Organization {
  id: string;
  name: string;
  tier: Tier;
  createdAt: Date;
}

/** An access token of a user: only its SHA-256 is kept (contract §9). */
export class AccessToken {
  id: string;
  userId: string;
  tokenHash: string;
  createdAt: Date;
  revokedAt: Date | null;
}

export const OrganizationSchema = new EntitySchema<Organization>({
  class: Organization,
  tableName: 'organizations',
  properties: {
    id: { type: 'string', primary: true, length: 26 },
    name: { type: 'string', length: 200 },
    tier: { type: 'string', length: 20 },
    createdAt: { ...timestamp },
  },
});

/** The users, members and guests: from their declaration. */
export const UserSchema = proUserRecord.schema;

export const AccessTokenSchema = new EntitySchema<AccessToken>({
  class: AccessToken,
  tableName: 'access_tokens',
  properties: {
    id: { type: 'string', primary: true, length: 26 },
    userId: { type: 'string', length: 26 },
    tokenHash: { type: 'string', length: 64 },
    createdAt: { ...timestamp },
    revokedAt: { ...timestamp, nullable: true },
  },
});

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
