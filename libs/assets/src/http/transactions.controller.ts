import { CaseResourceController } from '@estate/shared-kernel';
import { transactionResource } from '../resources/transaction.resource';

/** Transactions: list, create, read and `#17`; no DELETE (audit rule 1 — the route answers 405). */
export class TransactionsController extends CaseResourceController(transactionResource) {}
