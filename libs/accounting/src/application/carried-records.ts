import { Injectable } from '@nestjs/common';
import { ConflictError } from '@estate/shared-kernel';
import type { PropertyKind } from '../domain/property-refs';
import { AccountingStore } from './ports/accounting-store.port';

/**
 * Contract-extensions §16.3: once carried, property stays on hand until a disposal or an in-kind distribution takes it
 * out. A record on the latest settled accounting's ending property — the next account's beginning, line for line —
 * cannot be deleted (`409 invalid_state`, naming the accounting); delete that accounting first.
 */
@Injectable()
export class CarriedRecords {
  constructor(private readonly store: AccountingStore) {}

  async assertNotCarried(caseId: string, kind: PropertyKind, id: string): Promise<void> {
    const sequence = await this.store.latestCarrying(caseId, { kind, id });
    if (sequence === null) return;
    const message = `the record is on the ending property of settled accounting ${sequence}, the next account's beginning; delete that accounting first`;
    throw new ConflictError('invalid_state', `The record cannot be deleted: ${message}.`, [{ field: `accounting:${sequence}`, message, reason: 'conflict' }]);
  }
}
