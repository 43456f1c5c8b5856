import { caseResource, EnumField, field } from '@estate/shared-kernel';
import { COLLABORATOR_ROLES } from '@estate/shared-kernel/domain';
import { CreateCollaborator, PatchCollaborator, RemoveCollaborator } from '../application/collaborators/collaborator-writes';
import { Collaborator, COLLABORATOR_STATUSES, CollaboratorStatus } from '../domain/collaborator';

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
export const collaboratorResource = caseResource({
  name: 'collaborator',
  path: 'collaborators',
  idParam: 'collaborator_id',
  table: 'collaborators',
  entity: Collaborator,
  kind: 'aggregate',
  useCases: { create: () => CreateCollaborator, patch: () => PatchCollaborator, delete: () => RemoveCollaborator },
  fields: {
    // The case's owner, kept on the row for the organization's own reads; never shown.
    organizationId: field.string({ hidden: true, required: true, max: 26 }),
    email: field.email({
      required: true,
      createOnly: true,
      column: { length: 320 },
      description: 'Where the invitation is sent; the collaborator signs in as this address.',
      example: 'sam.lee@example.com',
      view: { format: 'email', description: 'The invited address.', example: 'sam.lee@example.com' },
    }),
    firstName: field.string({ max: 100, createOnly: true, description: 'Given name.', example: 'Sam' }),
    lastName: field.string({ max: 100, createOnly: true, description: 'Family name.', example: 'Lee' }),
    role: field.enum(COLLABORATOR_ROLES, {
      required: true,
      column: { length: 10 },
      description: '`viewer` reads; `editor` also writes; a collaborator `owner` also manages the collaborators.',
      example: 'editor',
      view: { enum: COLLABORATOR_ROLES, description: 'The role on this case.', example: 'editor' },
      // The role is all a merge patch changes, so a patch must name it.
      patch: EnumField(COLLABORATOR_ROLES, {
        required: true,
        description: '`viewer` reads; `editor` also writes; a collaborator `owner` also manages the collaborators.',
        example: 'editor',
      }),
    }),
    status: field.enum(COLLABORATOR_STATUSES, {
      readOnly: true,
      required: true,
      column: { length: 10 },
      description: '`pending` until the invitation is accepted or declined; `expired` when it lapsed unanswered (a resend makes it `pending` again).',
      example: 'pending',
    }),
    userId: field.string({ readOnly: true, max: 26, description: 'The user who accepted the invitation.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AB' }),
    invitedBy: field.string({ readOnly: true, max: 26, description: 'The user who sent the invitation.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AC' }),
    message: field.text({
      createOnly: true,
      column: { type: 'text' },
      description: 'A note for the invitation.',
      example: 'Could you review the inventory before Friday?',
      view: { type: String, nullable: true, description: 'The note sent with the invitation.', example: 'Could you review the inventory before Friday?' },
    }),
    invitationExpiresAt: field.dateTime({ readOnly: true, required: true, description: 'When the current invitation code stops working.', example: '2026-09-08T12:00:00.000Z' }),
    acceptedAt: field.dateTime({ readOnly: true, description: 'When the invitation was accepted.', example: '2026-09-02T08:30:00.000Z' }),
  },
  filters: { status: { kind: 'computed', values: COLLABORATOR_STATUSES, where: (value) => statusCondition(value) }, role: COLLABORATOR_ROLES },
  sorts: ['created_at', 'updated_at'],
  statusChanged: true,
  tag: 'collaborators',
  tagDescription: 'Outside people invited onto one case, as owner, editor or viewer.',
  present: (record, view) => ({ ...view, status: statusNow(record) }),
  readTimeState: (record) => statusNow(record),
});
