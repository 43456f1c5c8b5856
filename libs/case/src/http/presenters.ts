import { serializeRecord, shapeOf, SingleResource } from '@estate/shared-kernel';
import { authorityEtag } from '../application/authority.service';
import type { CaseReading } from '../application/cases.service';
import { deceasedEtag } from '../application/deceased.service';
import type { Authority } from '../domain/authority';
import type { Deceased } from '../domain/deceased';
import { CaseViews } from '../application/ports/case-views.port';
import { AuthoritySchema, DeceasedSchema, EstateCaseSchema } from '../infrastructure/persistence/case.schemas';
import { authorityManifest, caseManifest, deceasedManifest } from '../resources/case-manifests';
import { AuthorityBody } from './dto/authority.dto';
import { CreateCaseBody } from './dto/case.dto';
import { DeceasedBody } from './dto/deceased.dto';

const CASE_SHAPE = shapeOf(CreateCaseBody);
const DECEASED_SHAPE = shapeOf(DeceasedBody);
const AUTHORITY_SHAPE = shapeOf(AuthorityBody);
const CASE_MASKED = new Set(caseManifest.masked);
const DECEASED_MASKED = new Set(deceasedManifest.masked);
const AUTHORITY_MASKED = new Set(authorityManifest.masked);

export function caseView(reading: CaseReading): Record<string, unknown> {
  const { created_at, updated_at, ...fields } = serializeRecord(reading.estateCase, EstateCaseSchema, CASE_SHAPE, CASE_MASKED);
  return { ...fields, pending_searches: reading.pendingSearches, created_at, updated_at };
}

export function presentCase(reading: CaseReading): SingleResource {
  return new SingleResource(caseView(reading), reading.etag);
}

function deceasedView(deceased: Deceased): Record<string, unknown> {
  return serializeRecord(deceased, DeceasedSchema, DECEASED_SHAPE, DECEASED_MASKED);
}

function authorityView(authority: Authority): Record<string, unknown> {
  return serializeRecord(authority, AuthoritySchema, AUTHORITY_SHAPE, AUTHORITY_MASKED);
}

export function presentDeceased(deceased: Deceased): SingleResource {
  return new SingleResource(deceasedView(deceased), deceasedEtag(deceased));
}

export function presentAuthority(authority: Authority): SingleResource {
  return new SingleResource(authorityView(authority), authorityEtag(authority));
}

/** The same presentations, for the events the services write. */
export class PresenterCaseViews extends CaseViews {
  ofCase = caseView;
  ofDeceased = deceasedView;
  ofAuthority = authorityView;
}
