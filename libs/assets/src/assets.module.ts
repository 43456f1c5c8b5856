import { Module } from '@nestjs/common';
import { DebtsController } from './http/debts.controller';
import { InstitutionContactsController } from './http/institution-contacts.controller';

/** The assets bounded context: every asset and liability of an estate (issue 8). */
@Module({
  controllers: [
    InstitutionContactsController,
    DebtsController,
  ],
  providers: [
  ],
})
export class AssetsModule {}
