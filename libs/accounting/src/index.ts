/**
 * The court accounting context (contract-extensions §16), its public face: the Nest module, the ORM mappings, and the
 * framework-free domain (records in, the accounting out).
 */
import { ACCOUNTING_PARTS } from './accounting.parts';

export { AccountingModule } from './accounting.module';
/** Its ORM mappings, gathered from its folder. */
export const ACCOUNTING_ENTITIES = ACCOUNTING_PARTS.entities;
export * from './domain/accounting-records';
export * from './domain/calendar-day';
export * from './domain/property-refs';
export * from './domain/estate-property';
export * from './domain/accounting-period';
export * from './domain/accounting-lines';
export * from './domain/accounting-input';
export * from './domain/court-accounting';
export * from './domain/settlement';
export * from './domain/accounting-schemes';
export * from './domain/accounting-document';
export * from './domain/accounting-csv';
export * from './domain/settled-accounting';
export { ACCOUNTING_CSV_HEADER } from './domain/accounting-csv';
/** The settled accounting's declaration, with its collection: what its generated contract reads. */
export { settledAccountingRecord } from './resources/settled-accounting-record';
