import { ApiProperty } from '@nestjs/swagger';
import { BALANCE_SOURCES } from '../../domain/balance-history';
import { recordedBalanceRecord } from '../../resources/recorded-balance.record';

/** `PUT …/balance-history/{date}` (contract §12.3): the balance at the end of that day, and what was available; its declaration's written fields. */
export class RecordBalanceBody extends (recordedBalanceRecord.create as new () => { balance: number; available_balance?: number | null }) {}

/** One point of a balance history. */
export class BalancePointView {
  @ApiProperty({ format: 'date', description: 'The day the balance is at the end of.', example: '2026-09-30' })
  date: string;

  @ApiProperty({ description: 'The balance at the end of the day.', example: 4210.55 })
  balance: number;

  @ApiProperty({ type: Number, nullable: true, description: 'What was available at the end of the day; only a recorded point has one.', example: null })
  available_balance: number | null;

  @ApiProperty({
    enum: [...BALANCE_SOURCES],
    description: "Where the balance comes from: recorded by hand; a statement's closing_balance (its period_end is this day); or computed, the running balance of the last transaction on or before this day.",
    example: 'computed',
  })
  source: string;
}
