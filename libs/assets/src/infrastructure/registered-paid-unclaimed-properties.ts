import { Injectable } from '@nestjs/common';
import { PaidUnclaimedProperties, PaidUnclaimedPropertyReader } from '../application/ports/paid-unclaimed-property.port';
import type { PaidUnclaimedProperty } from '../domain/unclaimed-property';

/** The assets' side of `PaidUnclaimedProperties`: the reader the probate context registers; none, nothing paid. */
@Injectable()
export class RegisteredPaidUnclaimedProperties extends PaidUnclaimedProperties {
  private reader: PaidUnclaimedPropertyReader = async () => [];

  answerWith(reader: PaidUnclaimedPropertyReader): void {
    this.reader = reader;
  }

  paidOf(caseId: string): Promise<PaidUnclaimedProperty[]> {
    return this.reader(caseId);
  }
}
