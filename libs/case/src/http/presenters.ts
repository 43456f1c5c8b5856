import { serializeRecord, shapeOf, SingleResource } from '@estate/shared-kernel';
import { authorityEtag } from '../application/authority.service';
import type { CaseReading } from '../application/cases.service';
import type { Authority } from '../domain/authority';
import { CaseViews } from '../application/ports/case-views.port';
import { AuthoritySchema, EstateCaseSchema } from '../infrastructure/persistence/case.schemas';
import { authorityManifest, caseManifest } from '../resources/case-manifests';
import { AuthorityBody } from './dto/authority.dto';
import { CreateCaseBody } from './dto/case.dto';

const CASE_SHAPE = shapeOf(CreateCaseBody);
const AUTHORITY_SHAPE = shapeOf(AuthorityBody);
const CASE_MASKED = new Set(caseManifest.masked);
const AUTHORITY_MASKED = new Set(authorityManifest.masked);

export function caseView(reading: CaseReading): Record<string, unknown> {
  const { created_at, updated_at, ...fields } = serializeRecord(reading.estateCase, EstateCaseSchema, CASE_SHAPE, CASE_MASKED);
  return { ...fields, pending_searches: reading.pendingSearches, created_at, updated_at };
}

export function presentCase(reading: CaseReading): SingleResource {
  return new SingleResource(caseView(reading), reading.etag);
}

function authorityView(authority: Authority): Record<string, unknown> {
  return serializeRecord(authority, AuthoritySchema, AUTHORITY_SHAPE, AUTHORITY_MASKED);
}

export function presentAuthority(authority: Authority): SingleResource {
  return new SingleResource(authorityView(authority), authorityEtag(authority));
}

/** The same presentations, for the events the services write. */
export class PresenterCaseViews extends CaseViews {
  ofCase = caseView;
  ofAuthority = authorityView;
}
