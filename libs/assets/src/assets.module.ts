import { Module } from '@nestjs/common';
import { DebtsController } from './http/debts.controller';
import { InstitutionContactsController } from './http/institution-contacts.controller';
import { RealEstateValuationsController } from './http/real-estate-valuations.controller';
import { VehiclesController } from './http/vehicles.controller';

/** The assets bounded context: every asset and liability of an estate (issue 8). */
@Module({
  controllers: [
    InstitutionContactsController,
    DebtsController,
    RealEstateValuationsController,
    VehiclesController,
  ],
  providers: [
  ],
})
export class AssetsModule {}
