import { Injectable } from '@nestjs/common';
import { EmailProvider } from '@estate/comms';
import { InvitationEmail, InvitationEmails } from '../application/ports/invitation-email.port';

/** Invitation e-mails through the comms context's e-mail port (`EMAIL_PROVIDER`; the simulator by default). */
@Injectable()
export class CommsInvitationEmails extends InvitationEmails {
  constructor(private readonly provider: EmailProvider) {
    super();
  }

  async send(message: InvitationEmail): Promise<void> {
    const accepted = await this.provider.send(message);
    if (accepted.status === 'failed') throw new Error(`the e-mail provider refused the invitation e-mail (${accepted.detail ?? 'no reason given'})`);
  }
}
