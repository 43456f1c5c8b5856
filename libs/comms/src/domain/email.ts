import { nextProviderTry, type CaseRecord } from '@estate/shared-kernel/domain';
import type { EmailStatus } from './comms-vocabulary';

/**
 * What the delivery steps read and move of an email, with its delivery receipt (`#26`) in the same row: the receipt
 * exists from the moment the email does (contract §3.2), shares its status, and is advanced by the email-provider port
 * in the background. The record has more (its declaration, `email.resource.ts`).
 */
export interface EmailDelivery extends CaseRecord {
  to: string;
  /** Never null once stored (CreateEmail fills in the service's sending address; the column is NOT NULL). */
  from: string;
  subject: string;
  body: string;
  status: EmailStatus;
  sentAt: Date | null;
  // The receipt: null until the provider reports them.
  provider: string | null;
  messageId: string | null;
  statusDetail: string | null;
  deliveredAt: Date | null;
  openedAt: Date | null;
  /** When the delivery processor should ask the provider again; null once the status is final. */
  nextCheckAt: Date | null;
  /** Failed provider calls in a row (contract §11.4: after 5 the email fails with `provider_unavailable`). */
  deliveryAttempts: number;
}

/** The delivery receipt as `#26` returns it. */
export interface EmailReceipt {
  email_id: string;
  message_id: string | null;
  provider: string | null;
  status: EmailStatus;
  status_detail: string | null;
  sent_at: string | null;
  delivered_at: string | null;
  opened_at: string | null;
}

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

export function receiptOf(email: Pick<EmailDelivery, 'id' | 'messageId' | 'provider' | 'status' | 'statusDetail' | 'sentAt' | 'deliveredAt' | 'openedAt'>): EmailReceipt {
  return {
    email_id: email.id,
    message_id: email.messageId,
    provider: email.provider,
    status: email.status,
    status_detail: email.statusDetail,
    sent_at: iso(email.sentAt),
    delivered_at: iso(email.deliveredAt),
    opened_at: iso(email.openedAt),
  };
}

/** A provider's word on a message, as the email records it. */
export interface DeliveryStep {
  status: Exclude<EmailStatus, 'queued'>;
  detail: string | null;
  /** The provider will report nothing more. */
  final?: boolean;
}

const FINAL: readonly EmailStatus[] = ['opened', 'bounced', 'failed'];

/**
 * Records a delivery step on the email and its receipt: the status, the provider's detail, and the time of each stage
 * reached (a provider that reports `delivered` without `sent` first still gives the email a `sent_at`). Afterwards
 * the email awaits its next check, unless the step is final.
 */
export function recordDeliveryStep(email: EmailDelivery, step: DeliveryStep, now: Date): void {
  email.status = step.status;
  email.statusDetail = step.detail;
  if (step.status === 'sent' || step.status === 'delivered' || step.status === 'opened' || step.status === 'bounced') email.sentAt ??= now;
  if (step.status === 'delivered' || step.status === 'opened') email.deliveredAt ??= now;
  if (step.status === 'opened') email.openedAt ??= now;
  email.deliveryAttempts = 0;
  email.nextCheckAt = step.final || FINAL.includes(step.status) ? null : now;
}

/** A provider call failed: try again after 1, 2, 4, 8, 16 s, then fail the email with `provider_unavailable`. */
export function recordProviderUnavailable(email: EmailDelivery, now: Date): void {
  email.deliveryAttempts += 1;
  email.nextCheckAt = nextProviderTry(email.deliveryAttempts, now);
  if (email.nextCheckAt === null) {
    email.status = 'failed';
    email.statusDetail = 'provider_unavailable';
  }
}
