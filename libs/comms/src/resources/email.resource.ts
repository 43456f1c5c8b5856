import { institutionContactResource } from '@estate/assets';
import { caseResource, field, ResourceRecord } from '@estate/shared-kernel';
import { CreateEmail } from '../application/create-email';
import { EMAIL_STATUSES } from '../domain/comms-vocabulary';
import { simulatedEmailTestValues } from '../infrastructure/email/simulated-email-provider';

/**
 * Emails (contract §3): list, create (`queued`), read one, delete; no PATCH (an email once queued is not edited).
 * `#26` reads its delivery receipt, kept in the same row (hidden fields: the email's view leaves them out). A new
 * email is due for the delivery processor at once.
 */
export const emailResource = caseResource({
  name: 'email',
  path: 'emails',
  idParam: 'email_id',
  table: 'emails',
  patchable: false,
  fields: {
    to: field.email({ required: true, column: { fieldName: 'to_address' }, description: 'The one recipient.', example: 'estates@firstprairie.example' }),
    // Optional in the body, never null once stored: CreateEmail fills in the service's sending address.
    from: field.email({
      column: { fieldName: 'from_address', nullable: false },
      description: "The sender; the service's sending address (`EMAIL_FROM_ADDRESS`) when unset.",
      example: 'grace.okafor@example.com',
    }),
    subject: field.string({ required: true, max: 998, description: 'Subject line.', example: 'Estate of Samuel Okafor: account closure' }),
    body: field.text({ required: true, column: { type: 'text' }, description: 'Plain-text body.', example: 'Please find attached the letters testamentary.' }),
    status: field.enum(EMAIL_STATUSES, {
      required: true,
      readOnly: true,
      default: 'queued',
      column: { length: 20 },
      description: 'Delivery status, as on the receipt; `queued` on create.',
      example: 'queued',
    }),
    sentAt: field.dateTime({ readOnly: true, description: 'When the provider accepted the message.' }),
    // A contact of the same case, or null (contract §3.1); deleting the contact sets it to null.
    institutionContactId: field.reference(() => institutionContactResource, {
      description: 'The institution contact written to (same case), or null.',
      example: '01JBX8Q9W4M8Z7T3K2N5R6P0CD',
    }),
    // The delivery receipt (#26): null until the provider reports them.
    provider: field.string({ hidden: true, max: 100 }),
    messageId: field.string({ hidden: true, max: 500 }),
    statusDetail: field.string({ hidden: true }),
    deliveredAt: field.dateTime({ hidden: true }),
    openedAt: field.dateTime({ hidden: true }),
    /** When the delivery processor should ask the provider again; null once the status is final. */
    nextCheckAt: field.dateTime({ hidden: true }),
    /** Failed provider calls in a row (contract §11.4: after 5 the email fails with `provider_unavailable`). */
    deliveryAttempts: field.integer({ hidden: true, default: 0 }),
  },
  useCases: { create: () => CreateEmail },
  filters: { status: EMAIL_STATUSES },
  sorts: ['created_at', 'sent_at'],
  ownSpecRoutes: [{ number: 26, method: 'get', path: ':email_id/receipt' }],
  tagDescription: [
    'E-mails to institutions and their delivery receipts.',
    '',
    '**Test values.** Unless the deployment configures a real provider, e-mails go to a simulator that sends nothing off the machine; ' +
      "the recipient's local part (before any `+`, any case) decides what happens:",
    '',
    simulatedEmailTestValues(),
  ].join('\n'),
  // The delivery processor moves `status` (with the times of the stages reached): email.status_changed, never updated.
  statusChanged: true,
  derive: (email, { clock }) => {
    email.nextCheckAt ??= clock.now();
  },
});

export type Email = ResourceRecord<typeof emailResource>;
