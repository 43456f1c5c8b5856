import { field } from '@estate/shared-kernel';

/** An annual interest rate in percent, 0–100 with up to four decimals, kept exact in numeric(7,4) (accounts, debts). */
export function interestRateField(example: number) {
  return field.number({
    min: 0,
    max: 100,
    maxDecimals: 4,
    column: { runtimeType: 'number', columnType: 'numeric(7,4)' },
    description: 'Annual interest rate in percent.',
    example,
  });
}
