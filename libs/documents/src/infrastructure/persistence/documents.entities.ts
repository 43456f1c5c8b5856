import { DocumentSchema } from './document.schema';
import { NotarizationSchema } from './notarization.schema';

/** The MikroORM mappings the documents context contributes to the application's ORM configuration. */
export const DOCUMENTS_ENTITIES = [DocumentSchema, NotarizationSchema];
