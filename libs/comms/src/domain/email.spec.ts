import { EmailDelivery, receiptOf, recordDeliveryStep, recordProviderUnavailable } from './email';

/** The fields the delivery steps read and move; the rest of the record is no concern of theirs. */
function queued(): EmailDelivery {
  return {
    id: '01JBX8Q9W4M8Z7T3K2N5R6P0EM',
    status: 'queued',
    sentAt: null,
    deliveredAt: null,
    openedAt: null,
    provider: null,
    messageId: null,
    statusDetail: null,
    nextCheckAt: new Date('2026-09-01T12:00:00.000Z'),
    deliveryAttempts: 0,
  } as EmailDelivery;
}

describe('email delivery steps', () => {
  const t0 = new Date('2026-09-01T12:00:01.000Z');
  const t1 = new Date('2026-09-01T12:00:02.000Z');

  it('the receipt of a new email is queued with nothing reported', () => {
    expect(receiptOf(queued())).toEqual({
      email_id: '01JBX8Q9W4M8Z7T3K2N5R6P0EM',
      message_id: null,
      provider: null,
      status: 'queued',
      status_detail: null,
      sent_at: null,
      delivered_at: null,
      opened_at: null,
    });
  });

  it('records the time of each stage and stops at a final one', () => {
    const email = queued();
    recordDeliveryStep(email, { status: 'sent', detail: null }, t0);
    expect([email.sentAt, email.nextCheckAt]).toEqual([t0, t0]);
    recordDeliveryStep(email, { status: 'delivered', detail: null, final: true }, t1);
    expect([email.status, email.sentAt, email.deliveredAt, email.nextCheckAt]).toEqual(['delivered', t0, t1, null]);
  });

  it('a bounce is final and keeps the detail', () => {
    const email = queued();
    recordDeliveryStep(email, { status: 'bounced', detail: 'mailbox_unavailable' }, t0);
    expect([email.status, email.statusDetail, email.deliveredAt, email.nextCheckAt]).toEqual(['bounced', 'mailbox_unavailable', null, null]);
  });

  it('an unreachable provider is retried after 1, 2, 4, 8 s, then the email fails with provider_unavailable', () => {
    const email = queued();
    const delays: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      recordProviderUnavailable(email, t0);
      delays.push((email.nextCheckAt as Date).getTime() - t0.getTime());
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000]);
    recordProviderUnavailable(email, t0);
    expect([email.status, email.statusDetail, email.nextCheckAt]).toEqual(['failed', 'provider_unavailable', null]);
  });
});
