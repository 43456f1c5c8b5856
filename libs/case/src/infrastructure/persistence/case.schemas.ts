import { EntitySchema } from '@mikro-orm/core';
import { nullableText, timestampProperties } from '@estate/shared-kernel';
import { EstateCase } from '../../domain/estate-case';

export const EstateCaseSchema = new EntitySchema<EstateCase>({
  class: EstateCase,
  tableName: 'cases',
  properties: {
    id: { type: 'string', primary: true, length: 26 },
    organizationId: { type: 'string', length: 26, hidden: true },
    onboardingId: { ...nullableText() },
    queueAssignment: { ...nullableText() },
    flowPosition: { ...nullableText() },
    estateValue: { ...nullableText(20) },
    progress: { ...nullableText(20) },
    possibleDispute: { ...nullableText(30) },
    dateOfSignUp: { type: 'Date', columnType: 'timestamptz(3)', nullable: true },
    termsAcceptedAt: { type: 'Date', columnType: 'timestamptz(3)', nullable: true },
    ...timestampProperties(),
    deletedAt: { type: 'Date', columnType: 'timestamptz(3)', nullable: true, hidden: true },
  },
});

