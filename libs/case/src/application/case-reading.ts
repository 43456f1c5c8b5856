import type { EstateCase } from '../domain/estate-case';

/** A case as read: the record, what the searches context says is pending, and the ETag of both. */
export interface CaseReading {
  estateCase: EstateCase;
  pendingSearches: string[];
  etag: string;
}
