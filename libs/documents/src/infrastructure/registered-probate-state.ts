import { Injectable } from '@nestjs/common';
import { CaseProbateState, ProbateStateReader } from '../ports';

/** The default binding of `CaseProbateState`: no case has a probate case until a context registers its reader. */
@Injectable()
export class RegisteredProbateState extends CaseProbateState {
  private reader: ProbateStateReader = async () => null;

  answerWith(reader: ProbateStateReader): void {
    this.reader = reader;
  }

  stateOf(caseId: string): Promise<string | null> {
    return this.reader(caseId);
  }
}
