import { EntitySchema } from '@mikro-orm/core';
import {
  CalendarDateType,
  caseRecordProperties,
  EncryptedStringType,
  MoneyType,
  nullableText,
  timestampProperties,
} from '@estate/shared-kernel';
import { ClosureStep } from '../../domain/closure-step';
import { CreditorClaim } from '../../domain/creditor-claim';
import { ProbateDeadline } from '../../domain/probate-deadline';
import { Search } from '../../domain/search';

const longText = { type: 'text', nullable: true } as const;
const calendarDate = (fieldName: string, nullable = true) => ({ type: CalendarDateType, fieldName, nullable }) as const;

export const ProbateDeadlineSchema = new EntitySchema<ProbateDeadline>({
  class: ProbateDeadline,
  tableName: 'probate_deadlines',
  properties: {
    ...caseRecordProperties(),
    title: { type: 'string', length: 200 },
    description: longText,
    type: { type: 'string', length: 30 },
    dueDate: calendarDate('due_date', false),
    completedDate: calendarDate('completed_date'),
    status: { type: 'string', length: 20 },
    isCourtOrdered: { type: 'boolean', fieldName: 'is_court_ordered', default: false },
    reminderDaysBefore: { type: 'integer', fieldName: 'reminder_days_before', nullable: true },
    rule: { type: 'json', nullable: true },
    generatedKey: { ...nullableText(60), fieldName: 'generated_key', hidden: true },
    ...timestampProperties(),
  },
});

export const CreditorClaimSchema = new EntitySchema<CreditorClaim>({
  class: CreditorClaim,
  tableName: 'creditor_claims',
  properties: {
    ...caseRecordProperties(),
    creditorName: { type: 'string', length: 200, fieldName: 'creditor_name' },
    creditorAddress: { type: 'json', fieldName: 'creditor_address', nullable: true },
    creditorPhone: { ...nullableText(), fieldName: 'creditor_phone' },
    creditorEmail: { ...nullableText(), fieldName: 'creditor_email' },
    claimAmount: { type: MoneyType, fieldName: 'claim_amount' },
    claimDate: calendarDate('claim_date', false),
    claimType: { ...nullableText(30), fieldName: 'claim_type' },
    debtDescription: { ...longText, fieldName: 'debt_description' },
    accountNumber: { type: EncryptedStringType, fieldName: 'account_number', nullable: true },
    status: { type: 'string', length: 20 },
    resolutionAmount: { type: MoneyType, fieldName: 'resolution_amount', nullable: true },
    resolutionDate: calendarDate('resolution_date'),
    resolutionNotes: { ...longText, fieldName: 'resolution_notes' },
    priorityOrder: { type: 'integer', fieldName: 'priority_order', nullable: true },
    isValid: { type: 'boolean', fieldName: 'is_valid', default: false },
    statuteOfLimitationsExpires: calendarDate('statute_of_limitations_expires'),
    ...timestampProperties(),
  },
});

export const ClosureStepSchema = new EntitySchema<ClosureStep>({
  class: ClosureStep,
  tableName: 'closure_steps',
  properties: {
    ...caseRecordProperties(),
    stepType: { type: 'string', length: 200, fieldName: 'step_type' },
    title: { type: 'string', length: 200 },
    description: longText,
    status: { type: 'string', length: 20 },
    order: { type: 'integer', fieldName: 'step_order', nullable: true },
    dependsOn: { type: 'string[]', columnType: 'text[]', fieldName: 'depends_on', default: [] as string[] },
    blockedReason: { ...longText, fieldName: 'blocked_reason' },
    assignedTo: { ...nullableText(), fieldName: 'assigned_to' },
    dueDate: calendarDate('due_date'),
    completedDate: calendarDate('completed_date'),
    notes: longText,
    subTasks: { type: 'json', fieldName: 'sub_tasks' },
    setStatus: { type: 'string', length: 20, fieldName: 'set_status', hidden: true },
    ...timestampProperties(),
  },
});

export const SearchSchema = new EntitySchema<Search>({
  class: Search,
  tableName: 'searches',
  properties: {
    ...caseRecordProperties(),
    type: { type: 'string', length: 30 },
    status: { type: 'string', length: 20 },
    completedAt: { type: 'Date', columnType: 'timestamptz(3)', fieldName: 'completed_at', nullable: true },
    resultsSummary: { ...longText, fieldName: 'results_summary' },
    ...timestampProperties(),
  },
});

/** The probate context's mappings, for the ORM configuration's entity list. */
export const PROBATE_ENTITIES = [ProbateDeadlineSchema, CreditorClaimSchema, ClosureStepSchema, SearchSchema];
