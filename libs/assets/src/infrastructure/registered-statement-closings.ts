import { Injectable } from '@nestjs/common';
import { StatementClosing, StatementClosings, StatementClosingsReader } from '../application/ports/statement-closings.port';

/** The assets' side of `StatementClosings`: the reader the documents context registers; none, no closings. */
@Injectable()
export class RegisteredStatementClosings extends StatementClosings {
  private reader: StatementClosingsReader = async () => [];

  answerWith(reader: StatementClosingsReader): void {
    this.reader = reader;
  }

  closingsOf(caseId: string, accountId: string, through: string): Promise<StatementClosing[]> {
    return this.reader(caseId, accountId, through);
  }
}
