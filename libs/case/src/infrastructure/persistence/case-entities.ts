import { AuthoritySchema, DeceasedSchema, EstateCaseSchema, PersonSchema } from './case.schemas';

/** The MikroORM mappings this context contributes to the application's ORM configuration. */
export const CASE_ENTITIES = [EstateCaseSchema, DeceasedSchema, AuthoritySchema, PersonSchema];
