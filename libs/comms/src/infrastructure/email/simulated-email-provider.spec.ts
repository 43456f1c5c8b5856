import type { DeliveryReport } from '../../application/ports/email-provider.port';
import type { EmailStatus } from '../../domain/comms-vocabulary';
import { SimulatedEmailProvider, simulatedOutcomeKey } from './simulated-email-provider';

/** Runs a message through the simulator as the delivery processor would: send, then track until final. */
async function lifecycle(provider: SimulatedEmailProvider, to: string): Promise<Array<DeliveryReport & { status: EmailStatus }>> {
  const message = { id: '01JBX8Q9W4M8Z7T3K2N5R6P0EM', to, from: 'desk@example.com', subject: 'Estate', body: 'Hello' };
  const accepted = await provider.send(message);
  const steps: DeliveryReport[] = [accepted];
  let last: DeliveryReport = accepted;
  while (!last.final && accepted.messageId) {
    const next = await provider.track({ messageId: accepted.messageId, to, status: last.status });
    if (!next) break;
    steps.push(next);
    last = next;
  }
  return steps;
}

describe('SimulatedEmailProvider', () => {
  it('decides by the local part before any +, case-insensitively', () => {
    expect(simulatedOutcomeKey('Bounce+claims@bank.example')).toBe('bounce');
    expect(simulatedOutcomeKey('estates@bank.example')).toBe('estates');
  });

  it('any other recipient: sent, then delivered (final)', async () => {
    const steps = await lifecycle(new SimulatedEmailProvider(), 'estates@bank.example');
    expect(steps.map((step) => step.status)).toEqual(['sent', 'delivered']);
    expect(steps[1].final).toBe(true);
  });

  it('bounce: sent, then bounced with a detail', async () => {
    const steps = await lifecycle(new SimulatedEmailProvider(), 'bounce+1@bank.example');
    expect(steps.map((step) => [step.status, step.detail])).toEqual([
      ['sent', null],
      ['bounced', 'mailbox_unavailable'],
    ]);
  });

  it('open: sent, delivered, opened', async () => {
    const steps = await lifecycle(new SimulatedEmailProvider(), 'open@bank.example');
    expect(steps.map((step) => step.status)).toEqual(['sent', 'delivered', 'opened']);
  });

  it('fail: failed at once, without a message id', async () => {
    const provider = new SimulatedEmailProvider();
    const accepted = await provider.send({ id: '01JBX8Q9W4M8Z7T3K2N5R6P0EM', to: 'fail@bank.example', from: 'a@b.example', subject: 's', body: 'b' });
    expect(accepted).toEqual({ messageId: null, status: 'failed', detail: 'recipient_rejected', final: true });
  });

  it('records every message it is given, with a message id derived from the email id (deterministic)', async () => {
    const provider = new SimulatedEmailProvider();
    const accepted = await provider.send({ id: '01JBX8Q9W4M8Z7T3K2N5R6P0EM', to: 'x@bank.example', from: 'a@b.example', subject: 'Subject', body: 'Body' });
    expect(accepted.messageId).toBe('<sim-01jbx8q9w4m8z7t3k2n5r6p0em@simulator.estatedesk.invalid>');
    expect(provider.messages()).toEqual([expect.objectContaining({ to: 'x@bank.example', subject: 'Subject', messageId: accepted.messageId })]);
  });
});
