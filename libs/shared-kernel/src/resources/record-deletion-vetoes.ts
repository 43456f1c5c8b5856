import { Injectable } from '@nestjs/common';
import type { CaseRecord, CaseResource } from './case-resource';

/** Another context's say in deleting one record: throw a domain error to refuse (a bank account with an active transfer). */
export type RecordDeletionVeto = (record: CaseRecord) => Promise<void>;

/**
 * Vetoes on the generic delete, registered by the context that has a reason to refuse (in its module's
 * `onModuleInit`), so the owner of the record never imports that context.
 */
@Injectable()
export class RecordDeletionVetoes {
  private readonly vetoes = new Map<CaseResource<any>, RecordDeletionVeto[]>();

  register(resource: CaseResource<any>, veto: RecordDeletionVeto): void {
    this.vetoes.set(resource, [...(this.vetoes.get(resource) ?? []), veto]);
  }

  async check(resource: CaseResource<any>, record: CaseRecord): Promise<void> {
    for (const veto of this.vetoes.get(resource) ?? []) await veto(record);
  }
}
