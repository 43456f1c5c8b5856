import { caseResource } from '@estate/shared-kernel';
import { COLLABORATOR_ROLES } from '@estate/shared-kernel/domain';
import { CreateCollaborator, PatchCollaborator, RemoveCollaborator } from '../application/collaborators/collaborator-writes';
import { Collaborator, COLLABORATOR_STATUSES, CollaboratorStatus } from '../domain/collaborator';
import { CollaboratorView, CreateCollaboratorBody, PatchCollaboratorBody } from '../http/dto/collaborator.dto';
import { CollaboratorSchema } from '../infrastructure/persistence/people.schemas';

/** The status read now: a `pending` collaborator past its invitation's expiry reads `expired` (never stored). */
function statusNow(record: { status: string; invitationExpiresAt: Date }): CollaboratorStatus {
  return record.status === 'pending' && record.invitationExpiresAt.getTime() <= Date.now() ? 'expired' : (record.status as CollaboratorStatus);
}

function statusCondition(value: string): Record<string, unknown> {
  const now = new Date();
  if (value === 'expired') return { status: 'pending', invitationExpiresAt: { $lte: now } };
  if (value === 'pending') return { status: 'pending', invitationExpiresAt: { $gt: now } };
  return { status: value };
}

/**
 * Collaborators of a case (contract-extensions §13.3): an aggregate whose writes (invite, role, removal) are use
 * cases, so that each sends its invitation or drops the cached principals; who may write is the kernel's case access
 * check (organization members and collaborator owners), not this declaration.
 */
export const collaboratorResource = caseResource<Collaborator>({
  name: 'collaborator',
  path: 'collaborators',
  idParam: 'collaborator_id',
  schema: CollaboratorSchema,
  kind: 'aggregate',
  useCases: { create: () => CreateCollaborator, patch: () => PatchCollaborator, delete: () => RemoveCollaborator },
  create: CreateCollaboratorBody,
  patch: PatchCollaboratorBody,
  view: CollaboratorView,
  filters: { status: { kind: 'computed', values: COLLABORATOR_STATUSES, where: (value) => statusCondition(value) }, role: COLLABORATOR_ROLES },
  sorts: ['created_at', 'updated_at'],
  statusChanged: true,
  tag: 'collaborators',
  tagDescription: 'Outside people invited onto one case, as owner, editor or viewer.',
  present: (record, view) => ({ ...view, status: statusNow(record) }),
  readTimeState: (record) => statusNow(record),
});
