import { AcceptedEmail, DeliveryReport, EmailProvider, OutgoingEmail, TrackedEmail } from '../../application/ports/email-provider.port';

/** How many recorded messages the simulator keeps in memory (the emails themselves are in the database). */
const RECORDED = 500;

export interface RecordedEmail extends OutgoingEmail {
  messageId: string | null;
}

/** The recipient's local part before any `+`, lower-cased: `Bounce+1@example.com` → `bounce`. */
export function simulatedOutcomeKey(address: string): string {
  return address.split('@')[0].split('+')[0].toLowerCase();
}

/** The recipient local parts the simulator answers specially, with the statuses an email goes through. */
export const SIMULATED_EMAIL_OUTCOMES: Readonly<Record<string, string>> = {
  bounce: '`sent`, then `bounced` (`status_detail` `mailbox_unavailable`)',
  fail: '`failed` at once (`status_detail` `recipient_rejected`)',
  open: '`sent`, `delivered`, then `opened`',
};

/** The simulator's test values as the API reference lists them (a Markdown table). */
export function simulatedEmailTestValues(): string {
  const rows = Object.entries(SIMULATED_EMAIL_OUTCOMES).map(([local, outcome]) => `| \`${local}@…\` (also \`${local}+anything@…\`) | ${outcome} |`);
  return ['| Recipient address | Outcome |', '| --- | --- |', ...rows, '| anything else | `sent`, then `delivered` |'].join('\n');
}

/**
 * The default email provider: a simulator in the manner of a payment API's test mode (contract-extensions §11.4). It
 * records each message and opens no connection, so no mail ever leaves the machine. The outcome depends on the
 * recipient alone: local part `bounce` → `sent` then `bounced`; `fail` → `failed` at once; `open` → `sent`,
 * `delivered`, `opened`; anything else → `sent` then `delivered`. It keeps no state the outcome needs, so any process
 * may take the next step of a message another one sent.
 */
export class SimulatedEmailProvider extends EmailProvider {
  readonly name = 'simulator';
  private readonly recorded: RecordedEmail[] = [];

  async send(message: OutgoingEmail): Promise<AcceptedEmail> {
    const refused = simulatedOutcomeKey(message.to) === 'fail';
    const messageId = refused ? null : `<sim-${message.id.toLowerCase()}@simulator.estatedesk.invalid>`;
    this.record({ ...message, messageId });
    return refused ? { messageId, status: 'failed', detail: 'recipient_rejected', final: true } : { messageId, status: 'sent', detail: null };
  }

  async track(message: TrackedEmail): Promise<DeliveryReport | null> {
    const key = simulatedOutcomeKey(message.to);
    if (message.status === 'sent') {
      if (key === 'bounce') return { status: 'bounced', detail: 'mailbox_unavailable', final: true };
      return { status: 'delivered', detail: null, final: key !== 'open' };
    }
    if (message.status === 'delivered' && key === 'open') return { status: 'opened', detail: null, final: true };
    return null;
  }

  /** The messages this process recorded, oldest first (tests and the demo look at them). */
  messages(): readonly RecordedEmail[] {
    return this.recorded;
  }

  private record(message: RecordedEmail): void {
    this.recorded.push(message);
    if (this.recorded.length > RECORDED) this.recorded.shift();
  }
}
