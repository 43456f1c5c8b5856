import { AuthoritySchema, DeceasedSchema, EstateCaseSchema, ExecutorSchema, PersonSchema } from './case.schemas';
import { GoalSchema } from './goal.schema';

/** The MikroORM mappings this context contributes to the application's ORM configuration. */
export const CASE_ENTITIES = [EstateCaseSchema, DeceasedSchema, AuthoritySchema, PersonSchema, ExecutorSchema, GoalSchema];
