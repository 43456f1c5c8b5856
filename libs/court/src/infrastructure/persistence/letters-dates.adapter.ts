import { Injectable } from '@nestjs/common';
import { CaseLettersDates } from '@estate/case';
import { LettersDates } from '../../application/ports/letters-dates.port';

/** The executor's letters date through the case context's narrow read port (never its tables). */
@Injectable()
export class LettersDatesAdapter extends LettersDates {
  constructor(private readonly letters: CaseLettersDates) {
    super();
  }

  lettersIssuedDate(caseId: string): Promise<string | null> {
    return this.letters.lettersIssuedDateOf(caseId);
  }
}
