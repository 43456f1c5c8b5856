import type { RecordFields } from '@estate/shared-kernel';
import type { EstateCase } from '../domain/estate-case';

/** A case's stored fields, as a read gives them (a write's entity has them too). */
export type CaseFields = RecordFields<EstateCase>;

/** A case as read: the record, what the searches context says is pending, and the ETag of both. */
export interface CaseReading {
  estateCase: CaseFields;
  pendingSearches: string[];
  etag: string;
}
