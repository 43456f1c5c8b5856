import { EntitySchema } from '@mikro-orm/core';
import type { Tier } from '../config/app-config';

export class Organization {
  id: string;
  name: string;
  tier: Tier;
  createdAt: Date;
}

export class User {
  id: string;
  organizationId: string;
  email: string;
  createdAt: Date;
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
    organizationId: { type: 'string', length: 26 },
    email: { type: 'string', length: 320 },
    createdAt: { type: 'Date', columnType: 'timestamptz(3)' },
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
