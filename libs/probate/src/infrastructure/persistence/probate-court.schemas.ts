import { EntitySchema } from '@mikro-orm/core';
import { CalendarDateType, caseRecordProperties, moneyColumn, nullableText, timestampProperties } from '@estate/shared-kernel';
import { ProbateCase } from '../../domain/probate-case';

const calendarDate = { type: CalendarDateType, nullable: true } as const;

/** Contract-extensions §10.1: the probate case, one per case (keyed by it, like the executor). */
export const ProbateCaseSchema = new EntitySchema<ProbateCase>({
  class: ProbateCase,
  tableName: 'probate_cases',
  properties: {
    caseId: { type: 'string', primary: true, length: 26, hidden: true },
    state: { type: 'string', length: 2 },
    countyFips: { ...nullableText(5) },
    countyName: { ...nullableText() },
    courtName: { ...nullableText() },
    courtAddress: { type: 'json', nullable: true },
    caseNumber: { ...nullableText(100) },
    probateType: { type: 'string', length: 20 },
    status: { type: 'string', length: 20 },
    filedDate: calendarDate,
    openedDate: calendarDate,
    closedDate: calendarDate,
    judgeName: { ...nullableText() },
    nextHearingDate: calendarDate,
    willAdmitted: { type: 'boolean', default: false },
    estateValueAtFiling: moneyColumn(),
    attorney: { type: 'json', nullable: true },
    notes: { type: 'text', nullable: true },
    ...timestampProperties(),
  },
});
