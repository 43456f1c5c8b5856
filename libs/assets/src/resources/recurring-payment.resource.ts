import { caseResource } from '@estate/shared-kernel';
import { RECURRING_PAYMENT_STATUSES, RECURRING_PAYMENT_TYPES } from '../domain/bank-account-vocabulary';
import { RecurringPayment } from '../domain/recurring-payment';
import { CreateRecurringPaymentBody, PatchRecurringPaymentBody, RecurringPaymentView } from '../http/dto/recurring-payment.dto';
import { RecurringPaymentSchema } from '../infrastructure/persistence/recurring-payment.schema';
import { bankAccountResource } from './bank-account.resource';

/** Recurring payments of a bank account (`#18`): a plain record below its account. */
export const recurringPaymentResource = caseResource<RecurringPayment>({
  name: 'recurring payment',
  path: 'bank-accounts/:account_id/recurring-payments',
  idParam: 'payment_id',
  schema: RecurringPaymentSchema,
  create: CreateRecurringPaymentBody,
  patch: PatchRecurringPaymentBody,
  view: RecurringPaymentView,
  parent: { resource: () => bankAccountResource, param: 'account_id', property: 'bankAccountId' },
  filters: { status: RECURRING_PAYMENT_STATUSES, type: RECURRING_PAYMENT_TYPES },
  sorts: ['created_at', 'next_payment_date'],
  specRoutes: { list: 18 },
  tag: 'bank-accounts',
});
