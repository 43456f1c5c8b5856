import { DocumentSchema } from './document.schema';
import { NotarizationSchema } from './notarization.schema';
import { StatementSchema } from './statement.schema';

/** The MikroORM mappings the documents context contributes to the application's ORM configuration. */
export const DOCUMENTS_ENTITIES = [DocumentSchema, StatementSchema, NotarizationSchema];
