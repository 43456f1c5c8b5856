import { serializeRecord, SingleResource } from '@estate/shared-kernel';
import { authorityEtag } from '../application/authority.service';
import { caseEtag } from '../application/cases.service';
import { deceasedEtag } from '../application/deceased.service';
import type { Authority } from '../domain/authority';
import type { Deceased } from '../domain/deceased';
import type { EstateCase } from '../domain/estate-case';
import { AuthoritySchema, DeceasedSchema, EstateCaseSchema } from '../infrastructure/persistence/case.schemas';

export function caseView(estateCase: EstateCase): Record<string, unknown> {
  const { created_at, updated_at, ...fields } = serializeRecord(estateCase, EstateCaseSchema);
  // pending_searches: search types not yet completed; an empty array until the searches context exists (issue 3).
  return { ...fields, pending_searches: [], created_at, updated_at };
}

export function presentCase(estateCase: EstateCase): SingleResource {
  return new SingleResource(caseView(estateCase), caseEtag(estateCase));
}

export function presentDeceased(deceased: Deceased): SingleResource {
  return new SingleResource(serializeRecord(deceased, DeceasedSchema), deceasedEtag(deceased));
}

export function presentAuthority(authority: Authority): SingleResource {
  return new SingleResource(serializeRecord(authority, AuthoritySchema), authorityEtag(authority));
}
