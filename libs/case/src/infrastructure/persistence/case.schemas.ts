import { caseRecord } from '../../resources/case-record';

/** The cases table, as the case's declaration describes it (the persistence files' schemas are gathered from here). */
export const EstateCaseSchema = caseRecord.schema;
