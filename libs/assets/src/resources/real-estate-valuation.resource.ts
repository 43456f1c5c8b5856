import { caseResource } from '@estate/shared-kernel';
import { centsToNumber } from '@estate/shared-kernel/domain';
import { RealEstateValuation, valuationEquity } from '../domain/real-estate-valuation';
import { PROPERTY_TYPES, VALUATION_STATUSES } from '../domain/real-estate-vocabulary';
import { CreateRealEstateValuationBody, PatchRealEstateValuationBody, RealEstateValuationView } from '../http/dto/real-estate-valuation.dto';
import { RealEstateValuationSchema } from '../infrastructure/persistence/real-estate-valuation.schema';
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
  references: { financial_account_id: FINANCIAL_ACCOUNT_ID_KINDS },
  present: (record, view) => {
    const equity = valuationEquity(record).cents;
    return { ...view, equity_estimate: equity === null ? null : centsToNumber(equity) };
  },
});
