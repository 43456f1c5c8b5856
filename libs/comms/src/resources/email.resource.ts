import { institutionContactResource } from '@estate/assets';
import { caseResource } from '@estate/shared-kernel';
import { CreateEmail } from '../application/create-email';
import { EMAIL_STATUSES } from '../domain/comms-vocabulary';
import { Email } from '../domain/email';
import { CreateEmailBody, EmailView } from '../http/dto/email.dto';
import { simulatedEmailTestValues } from '../infrastructure/email/simulated-email-provider';
import { EmailSchema } from '../infrastructure/persistence/comms.schemas';

/**
 * Emails (contract §3): list, create (`queued`), read one, delete; no PATCH (an email once queued is not edited).
 * `#26` reads its delivery receipt. A new email is due for the delivery processor at once.
 */
export const emailResource = caseResource<Email>({
  name: 'email',
  path: 'emails',
  idParam: 'email_id',
  schema: EmailSchema,
  useCases: { create: () => CreateEmail },
  create: CreateEmailBody,
  view: EmailView,
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
  // A contact of the same case, or null (contract §3.1); deleting the contact sets it to null.
  references: { institution_contact_id: () => institutionContactResource },
  derive: (email, { clock }) => {
    email.nextCheckAt ??= clock.now();
  },
});
