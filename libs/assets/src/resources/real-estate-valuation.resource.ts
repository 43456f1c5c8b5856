import { caseResource } from '@estate/shared-kernel';
import { centsToNumber } from '@estate/shared-kernel/domain';
import { RealEstateValuation, valuationEquity } from '../domain/real-estate-valuation';
import { PROPERTY_TYPES, VALUATION_STATUSES } from '../domain/real-estate-vocabulary';
import { CreateRealEstateValuationBody, PatchRealEstateValuationBody, RealEstateValuationView } from '../http/dto/real-estate-valuation.dto';
import { RealEstateValuationSchema } from '../infrastructure/persistence/real-estate-valuation.schema';
import { projectLatestValuations } from '../infrastructure/latest-valuation-projection';
import { realEstatePropertyResource } from './real-estate-property.resource';
import { FINANCIAL_ACCOUNT_ID_KINDS } from './financial-account-reference';

/**
 * Real estate valuations (`#19`). `equity_estimate` is stored only when a client sends it (contract §3.2); otherwise it
 * is computed when presented, so it follows every later change of the value, the mortgage or the liens.
 */
export const realEstateValuationResource = caseResource<RealEstateValuation>({
  name: 'real estate valuation',
  path: 'real-estate-valuations',
  idParam: 'valuation_id',
  schema: RealEstateValuationSchema,
  create: CreateRealEstateValuationBody,
  patch: PatchRealEstateValuationBody,
  view: RealEstateValuationView,
  filters: { status: VALUATION_STATUSES, property_type: PROPERTY_TYPES },
  sorts: ['created_at'],
  // `#19` lists 403 (contract §2); the other valuation routes answer 404 for a foreign case.
  forbiddenForForeignCase: ['list'],
  specRoutes: { list: 19 },
  tagDescription: 'Real estate and its valuations.',
  // Contract-extensions §12.4: a property of the case, or null (422 otherwise); deleting the property clears it.
  // §12.1: `financial_account_id` names an account of one of six kinds of the case, or null; deleting it clears it.
  references: { property_id: () => realEstatePropertyResource, financial_account_id: FINANCIAL_ACCOUNT_ID_KINDS },
  // The property's `latest_valuation` follows every write of its valuations, in the same transaction.
  afterWrite: (valuation, { em }) => projectLatestValuations(em, valuation),
  present: (record, view) => {
    const equity = valuationEquity(record).cents;
    return { ...view, equity_estimate: equity === null ? null : centsToNumber(equity) };
  },
});
