import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { generateAccessToken, hashAccessToken } from '@estate/shared-kernel';
import type { Collaborator } from '../../domain/collaborator';
import { PeopleStore } from '../ports/people-store.port';

/**
 * Guests (contract-extensions §13.1): a collaborator whose address is nobody's yet becomes a user without an
 * organization, active at once; it reaches only the cases shared with it.
 */
@Injectable()
export class GuestUsers {
  constructor(private readonly store: PeopleStore) {}

  async create(collaborator: Collaborator, now: Date): Promise<{ id: string; organizationId: null }> {
    const id = ulid();
    await this.store.insertGuest({ id, email: collaborator.email, firstName: collaborator.firstName, lastName: collaborator.lastName, now });
    return { id, organizationId: null };
  }

  /** A new token of the user, shown once. */
  async token(userId: string, now: Date): Promise<string> {
    const token = generateAccessToken();
    await this.store.insertToken(userId, hashAccessToken(token), now);
    return token;
  }
}
