import { serializeRecord, shapeOf, SingleResource } from '@estate/shared-kernel';
import type { CaseReading } from '../application/cases.service';
import { CaseViews } from '../application/ports/case-views.port';
import { caseManifest } from '../resources/case-manifests';
import { caseRecord } from '../resources/case-record';

const CASE_SHAPE = shapeOf(caseRecord.create);
const CASE_MASKED = new Set(caseManifest.masked);

export function caseView(reading: CaseReading): Record<string, unknown> {
  const { created_at, updated_at, ...fields } = serializeRecord(reading.estateCase, caseRecord.schema, CASE_SHAPE, CASE_MASKED);
  return { ...fields, pending_searches: reading.pendingSearches, created_at, updated_at };
}

export function presentCase(reading: CaseReading): SingleResource {
  return new SingleResource(caseView(reading), reading.etag);
}

/** The same presentations, for the events the services write. */
export class PresenterCaseViews extends CaseViews {
  ofCase = caseView;
}
