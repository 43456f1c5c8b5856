export interface InvitationEmail {
  /** The invitation's id: providers keep it as a reference. */
  id: string;
  to: string;
  from: string;
  subject: string;
  body: string;
}

/** Port: hands an invitation e-mail to the e-mail provider (bound to the comms context's `EmailProvider`). Throws when unreachable. */
export abstract class InvitationEmails {
  abstract send(message: InvitationEmail): Promise<void>;
}
