import { AuthoritySchema, DeceasedSchema, EstateCaseSchema, ExecutorSchema, PersonSchema } from './case.schemas';
import { goalResource } from '../../resources/goal.resource';

/** The MikroORM mappings this context contributes to the application's ORM configuration. */
export const CASE_ENTITIES = [EstateCaseSchema, DeceasedSchema, AuthoritySchema, PersonSchema, ExecutorSchema, goalResource.schema];
