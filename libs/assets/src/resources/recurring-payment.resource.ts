import { caseResource, field, ResourceRecord } from '@estate/shared-kernel';
import { RECURRING_PAYMENT_STATUSES, RECURRING_PAYMENT_TYPES } from '../domain/bank-account-vocabulary';
import { bankAccountResource } from './bank-account.resource';

/** Recurring payments of a bank account (`#18`): a plain record below its account. */
export const recurringPaymentResource = caseResource({
  name: 'recurring payment',
  path: 'bank-accounts/:account_id/recurring-payments',
  idParam: 'payment_id',
  table: 'recurring_payments',
  fields: {
    // The route names the account: stored, not presented.
    bankAccountId: field.string({ required: true, hidden: true, max: 26 }),
    payeeName: field.string({ required: true, description: 'Who pays or is paid.', example: 'Social Security Administration' }),
    type: field.enum(RECURRING_PAYMENT_TYPES, { required: true, description: 'Kind of recurring payment.', example: 'social_security' }),
    amount: field.money({ required: true, description: 'Amount of each payment.', example: 1845 }),
    frequency: field.string({ required: true, description: 'How often, as stated.', example: 'monthly' }),
    nextPaymentDate: field.date({ description: 'Next payment date.', example: '2026-10-03' }),
    lastPaymentDate: field.date({ description: 'Last payment date.', example: '2026-09-03' }),
    status: field.enum(RECURRING_PAYMENT_STATUSES, { default: 'active', column: { length: 20 }, description: 'Status; `active` when unset.', example: 'active' }),
    cancellationDate: field.date({ description: 'When it was cancelled.', example: '2026-09-10' }),
    cancelledBy: field.string({ description: 'Who cancelled it.', example: 'executor' }),
    notes: field.text({ column: { type: 'text', length: undefined }, description: 'Free notes.', example: 'Payment after death must be returned.' }),
  },
  parent: { resource: () => bankAccountResource, param: 'account_id', property: 'bankAccountId' },
  filters: { status: RECURRING_PAYMENT_STATUSES, type: RECURRING_PAYMENT_TYPES },
  sorts: ['created_at', 'next_payment_date'],
  specRoutes: { list: 18 },
  tag: 'bank-accounts',
});

export type RecurringPayment = ResourceRecord<typeof recurringPaymentResource>;
