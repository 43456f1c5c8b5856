import { EmailField, StringField } from '@estate/shared-kernel';

/** The estate's lawyer before the court (contract-extensions §10.1); every member optional, `email` validated. */
export class ProbateAttorneyDto {
  @StringField({ description: "The attorney's name.", example: 'Dana Reyes' })
  name?: string | null;

  @StringField({ description: 'Their firm.', example: 'Okafor & Reyes LLP' })
  firm?: string | null;

  @StringField({ max: 40, description: 'State bar number.', example: 'CA-284117' })
  bar_number?: string | null;

  @EmailField({ description: 'E-mail address.', example: 'dana.reyes@okaforreyes.example' })
  email?: string | null;

  @StringField({ max: 40, description: 'Phone number, as given.', example: '+1 213 555 0172' })
  phone?: string | null;
}
