import { SetMetadata } from '@nestjs/common';
import type { CollaboratorRole } from '../auth/collaborator-role';

/**
 * Port: which organization owns a case (undefined when it does not exist or was deleted). The case context binds
 * it; the kernel's guard uses it on every route with a `case_id`.
 */
export abstract class CaseOwnership {
  abstract organizationOf(caseId: string): Promise<string | undefined>;

  /** The owner when this process already knows it (and may trust what it knows), without waiting for anything. */
  abstract knownOrganizationOf(caseId: string): string | undefined;

  /**
   * Inside the current transaction, holds the case row until commit so that writes to one case run one at a time and
   * none lands on a case deleted meanwhile. False when the case no longer exists.
   */
  abstract holdForWrite(caseId: string): Promise<boolean>;

  /**
   * Where a live case's row is, so that the kernel can hold it in the same statement as a write's first read of a
   * record (issue 19: one round trip fewer for a merge patch or a delete). Names of the table and its columns.
   */
  abstract readonly caseRow: CaseRowLocation;
}

export interface CaseRowLocation {
  table: string;
  idColumn: string;
  /** Null while the case lives. */
  deletedAtColumn: string;
  /** The organization that owns the case (an event names it, read on the event's own connection). */
  organizationColumn: string;
}

const quoted = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/**
 * The statement part that holds a live case's row (`for no key update`, the service's case lock), for a statement
 * that holds the case along with its own read; `when` narrows it further (a condition in SQL, or none).
 */
export function caseRowHold(row: CaseRowLocation, caseParameter: string, when?: string): string {
  const id = quoted(row.idColumn);
  return `select ${id} from ${quoted(row.table)} where ${id} = ${caseParameter} and ${quoted(row.deletedAtColumn)} is null${when ? ` and ${when}` : ''} for no key update`;
}

export type ForeignCaseAnswer = 'forbidden' | 'not_found';
export const FOREIGN_CASE_ANSWER = 'estate:foreign-case-answer';

/**
 * What a route answers for a case of another organization (contract §2): routes whose error list in the
 * specification has 403 say 'forbidden'; every other route, extensions included, 'not_found'.
 */
export const ForeignCase = (answer: ForeignCaseAnswer) => SetMetadata(FOREIGN_CASE_ANSWER, answer);

/** The route parameter every case-scoped route must name its case by: the access guard and the case lock read it. */
export const CASE_ID_PARAM = 'case_id';

const ACCESS_CHECKED = Symbol('estate:case-access-checked');

const CASE_OWNER = Symbol('estate:case-owner');

/** Called by the access guard once the caller may reach the request's case (a member, or a collaborator), with its owner. */
export function markCaseAccessChecked(req: object, caseId: string, owner?: string): void {
  (req as Record<symbol, unknown>)[ACCESS_CHECKED] = caseId;
  (req as Record<symbol, unknown>)[CASE_OWNER] = owner;
}

/**
 * The organization that owns the request's case, as the access guard found it: what a case route reads by when the
 * caller may be a collaborator of another organization (or a guest), not the caller's own organization.
 */
export function checkedCaseOwnerOf(req: { params?: Record<string, unknown> }): string {
  assertCaseAccessChecked(req);
  const owner = (req as Record<symbol, unknown>)[CASE_OWNER];
  if (typeof owner !== 'string') throw new Error('the access guard did not record the owner of this case');
  return owner;
}

/**
 * A case-scoped handler or write asks this before touching rows: if the guard did not check this very case (a route
 * that names its case otherwise, or a guard skipped), it fails loudly instead of silently serving another
 * organization's records.
 */
export function assertCaseAccessChecked(req: { params?: Record<string, unknown> }): void {
  const caseId = req.params?.[CASE_ID_PARAM];
  if (typeof caseId !== 'string' || (req as Record<symbol, unknown>)[ACCESS_CHECKED] !== caseId) {
    throw new Error(`case access was not checked for this route (it must name its case by the :${CASE_ID_PARAM} parameter)`);
  }
}

/**
 * Start-up check of every route path: a path below `cases/` must name the case `:case_id`, else the access guard
 * and the case lock would not see it. Returns the offending paths.
 */
export function misnamedCaseRoutes(paths: readonly string[]): string[] {
  return paths.filter((path) => /(^|\/)cases\/:(?!case_id(\/|$))/.test(path));
}

/**
 * Who among a case's collaborators may call a write route under the case (contract-extensions §13.1), where the
 * route is not every editor's: declared on the route (or its controller) by the context that owns it, so the kernel
 * names no route of a context.
 * - `any_role`: a write that changes nothing of the case, open to a `viewer` too (a document's download link);
 * - `owner_role`: only a collaborator `owner` (managing the case's collaborators);
 * - `no_collaborator`: only the members of the organization that owns the case (deleting the case itself).
 */
export type CollaboratorWriteRule = 'any_role' | 'owner_role' | 'no_collaborator';
export const COLLABORATOR_WRITES = 'estate:collaborator-writes';
export const CollaboratorWrites = (rule: CollaboratorWriteRule) => SetMetadata(COLLABORATOR_WRITES, rule);

/**
 * What a collaborator's role allows on a route under its case (contract-extensions §13.1), decided here from the
 * route's method and its declared rule only, never in a controller: reads for every role; a `viewer` nothing else
 * but a write declared `any_role`; an `editor` every write but those declared `owner_role` or `no_collaborator`; a
 * collaborator `owner` an editor who may also call the `owner_role` writes.
 */
export function collaboratorMay(role: CollaboratorRole, method: string, rule: CollaboratorWriteRule | undefined): boolean {
  const verb = method.toUpperCase();
  if (verb === 'GET' || verb === 'HEAD' || rule === 'any_role') return true;
  if (role === 'viewer' || rule === 'no_collaborator') return false;
  if (rule === 'owner_role') return role === 'owner';
  return true;
}

export const GUEST_READS = 'estate:guest-reads';
/**
 * A read outside any case that a guest (a collaborator without an organization) may call: itself, its cases, their
 * events, the shipped reference data (contract-extensions §13.1, §14.3). Declared by the context that owns the route;
 * only `GET` and `HEAD` are ever let through.
 */
export const GuestReads = () => SetMetadata(GUEST_READS, true);
