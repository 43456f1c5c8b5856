import { EntitySchema } from '@mikro-orm/core';
import type { Tier } from '../config/app-config';

export class Organization {
  id: string;
  name: string;
  tier: Tier;
  createdAt: Date;
}

/** A member's role in its organization (contract-extensions §13.2). */
export const ORG_ROLES = ['owner', 'admin', 'member'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];
/** A member's status: `invited` until the invitation is accepted; `deactivated` users stay for the audit trail. */
export const USER_STATUSES = ['invited', 'active', 'deactivated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export class User {
  id: string;
  /** Null for a guest (contract-extensions §13.1): a collaborator without an organization, and without a role. */
  organizationId: string | null;
  email: string;
  role: OrgRole | null;
  status: UserStatus;
  firstName: string | null;
  lastName: string | null;
  lastSeenAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  revokedAt: Date | null;
}

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
    createdAt: { type: 'Date', columnType: 'timestamptz(3)' },
  },
});

export const UserSchema = new EntitySchema<User>({
  class: User,
  tableName: 'users',
  properties: {
    id: { type: 'string', primary: true, length: 26 },
    organizationId: { type: 'string', length: 26, nullable: true },
    email: { type: 'string', length: 320 },
    role: { type: 'string', length: 10, nullable: true },
    status: { type: 'string', length: 12 },
    firstName: { type: 'string', length: 100, nullable: true },
    lastName: { type: 'string', length: 100, nullable: true },
    lastSeenAt: { type: 'Date', columnType: 'timestamptz(3)', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz(3)' },
    updatedAt: { type: 'Date', columnType: 'timestamptz(3)' },
    revokedAt: { type: 'Date', columnType: 'timestamptz(3)', nullable: true },
  },
});

export const AccessTokenSchema = new EntitySchema<AccessToken>({
  class: AccessToken,
  tableName: 'access_tokens',
  properties: {
    id: { type: 'string', primary: true, length: 26 },
    userId: { type: 'string', length: 26 },
    tokenHash: { type: 'string', length: 64 },
    createdAt: { type: 'Date', columnType: 'timestamptz(3)' },
    revokedAt: { type: 'Date', columnType: 'timestamptz(3)', nullable: true },
  },
});
