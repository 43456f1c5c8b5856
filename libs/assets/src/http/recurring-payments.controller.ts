import { CaseResourceController } from '@estate/shared-kernel';
import { recurringPaymentResource } from '../resources/recurring-payment.resource';

/** Recurring payments have the standard routes only (`#18` is their list). */
export class RecurringPaymentsController extends CaseResourceController(recurringPaymentResource) {}
