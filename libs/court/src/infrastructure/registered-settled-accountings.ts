import { Injectable } from '@nestjs/common';
import { CaseSettledAccountings, SettledAccountingFinder } from '../application/ports/settled-accountings.port';

/** The binding of `CaseSettledAccountings`: no case has a settled accounting until the accounting context registers its finder. */
@Injectable()
export class RegisteredSettledAccountings extends CaseSettledAccountings {
  private finder: SettledAccountingFinder = async () => false;

  answerWith(finder: SettledAccountingFinder): void {
    this.finder = finder;
  }

  exists(caseId: string, accountingId: string): Promise<boolean> {
    return this.finder(caseId, accountingId);
  }
}
