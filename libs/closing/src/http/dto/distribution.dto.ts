import { DateField } from '@estate/shared-kernel';

/** `POST …/{distribution_id}/pay`: the day it was paid (default today, not after today). */
export class PayDistributionBody {
  @DateField({ description: 'Day it was paid; today (UTC) when not sent; not after today.', example: '2026-11-27' })
  paid_date?: string | null;
}

/** `POST …/approve` and `…/cancel`: the optional body has no fields. */
export class DistributionActionBody {}
