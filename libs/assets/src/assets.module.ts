import { Module } from '@nestjs/common';
import { DebtsController } from './http/debts.controller';
import { InstitutionContactsController } from './http/institution-contacts.controller';
import { InvestmentAccountsController } from './http/investment-accounts.controller';
import { LifeInsurancePoliciesController } from './http/life-insurance-policies.controller';
import { RealEstateValuationsController } from './http/real-estate-valuations.controller';
import { RetirementAccountsController } from './http/retirement-accounts.controller';
import { VehiclesController } from './http/vehicles.controller';

/** The assets bounded context: every asset and liability of an estate (issue 8). */
@Module({
  controllers: [
    InstitutionContactsController,
    DebtsController,
    RealEstateValuationsController,
    VehiclesController,
    InvestmentAccountsController,
    RetirementAccountsController,
    LifeInsurancePoliciesController,
  ],
  providers: [
  ],
})
export class AssetsModule {}
