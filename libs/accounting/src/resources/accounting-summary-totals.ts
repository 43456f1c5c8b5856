import { ApiProperty } from '@nestjs/swagger';

/*
 * The summary of account's totals as the OpenAPI document describes them: the nested shape of a settled accounting's
 * `summary` field (its declaration's object field) and of every accounting document's `summary`. Amounts are JSON
 * numbers with at most two decimals, summed exactly in cents.
 */

export class AccountingChargesView {
  @ApiProperty({ description: 'Property on hand at the beginning (ca A).', example: 412400 }) property_on_hand_beginning: number;
  @ApiProperty({ description: 'Additional property received (ca B).', example: 0 }) additional_property_received: number;
  @ApiProperty({ description: 'Receipts (ca C).', example: 6.2 }) receipts: number;
  @ApiProperty({ description: 'Gains on sales (ca D).', example: 50000 }) gains_on_sales: number;
  @ApiProperty({ description: 'Total charges.', example: 462406.2 }) total: number;
}

export class AccountingCreditsView {
  @ApiProperty({ description: 'Disbursements (ca F).', example: 38700 }) disbursements: number;
  @ApiProperty({ description: 'Losses on sales (ca G).', example: 0 }) losses_on_sales: number;
  @ApiProperty({ description: 'Distributions (ca I).', example: 100000 }) distributions: number;
  @ApiProperty({ description: 'Property on hand at the end (ca J).', example: 323706.2 }) property_on_hand_end: number;
  @ApiProperty({ description: 'Total credits.', example: 462406.2 }) total: number;
}

export class AccountingSummaryTotalsView {
  @ApiProperty({ type: AccountingChargesView, description: 'What the representative is charged with.' }) charges: AccountingChargesView;
  @ApiProperty({ type: AccountingCreditsView, description: 'What the representative is credited with.' }) credits: AccountingCreditsView;
  @ApiProperty({ description: 'Whether total charges equal total credits.', example: true }) balanced: boolean;
  @ApiProperty({ description: 'Total charges − total credits, exact; the sum of the unreconciled items’ effects.', example: 0 }) difference: number;
  @ApiProperty({ description: 'Whether every bank account reconciles with what its bank reports.', example: true }) reconciled: boolean;
}
