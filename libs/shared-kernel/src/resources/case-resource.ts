import { EntitySchema } from '@mikro-orm/core';
import { getMetadataStorage } from 'class-validator';
import { FilterSpecs } from '../pagination/list-query';

export type ForeignCasePolicy = 'forbidden' | 'not_found';
export type Dto = new () => object;

/** What every case-scoped record carries besides its own fields; domain classes `implements` it (type only). */
export interface CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export interface CaseResourceDeclaration<T extends CaseRecord> {
  /** Singular noun for messages and ETags: `person`, `debt`. */
  name: string;
  schema: EntitySchema<T>;
  create: Dto;
  /** The writable set: an unknown or read-only field in a PATCH is a 422 (contract §5). */
  patch?: Dto;
  filters?: FilterSpecs;
  /** JSON field names accepted by `sort_by`; `created_at` is the default. */
  sorts?: readonly string[];
  /** Computed fields added to the stored ones when the record is presented (e.g. `equity_estimate`). */
  present?: (record: T, view: Record<string, unknown>) => Record<string, unknown>;
}

export interface CaseResource<T extends CaseRecord> extends Required<Omit<CaseResourceDeclaration<T>, 'patch' | 'present'>> {
  patch?: Dto;
  present?: CaseResourceDeclaration<T>['present'];
  createFields: readonly string[];
  patchFields: readonly string[];
}

function fieldsOf(dto: Dto | undefined): string[] {
  if (!dto) return [];
  const metadata = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  return [...new Set(metadata.map((entry) => entry.propertyName))];
}

/**
 * Declares a case-scoped resource once: its schema, bodies, filters and sorts. The kernel's CaseResources service
 * turns the declaration into list (filters, sort, page and cursor), read, create, merge-patch and delete, with
 * masking and ETags, so a new resource costs a schema, a DTO pair and a thin controller.
 */
export function caseResource<T extends CaseRecord>(declaration: CaseResourceDeclaration<T>): CaseResource<T> {
  const sorts = declaration.sorts ?? ['created_at'];
  return {
    ...declaration,
    filters: declaration.filters ?? {},
    sorts: sorts.includes('created_at') ? sorts : ['created_at', ...sorts],
    createFields: fieldsOf(declaration.create),
    patchFields: fieldsOf(declaration.patch),
  };
}
