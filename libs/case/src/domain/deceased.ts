import type { ErrorDetail } from '@estate/shared-kernel/domain';

/**
 * The deceased person of a case (one per case): its rules. Its fields are declared with its resource; the ORM makes
 * its records of this class.
 */
export class Deceased {
  /** `full_name` defaults to the given names in order when the client does not send one. */
  static displayName(first: string, middle: string | null | undefined, last: string): string {
    return [first, middle, last].filter((part) => part && part.trim().length > 0).join(' ');
  }

  /** A person cannot die before being born, nor (in a record we act on) in the future. */
  static datesProblems(dateOfBirth: string | null | undefined, dateOfDeath: string, today: string): ErrorDetail[] {
    const problems: ErrorDetail[] = [];
    if (dateOfBirth && dateOfBirth > dateOfDeath) {
      problems.push({ field: 'date_of_death', message: 'date_of_death must not be before date_of_birth', reason: 'rule' });
    }
    if (dateOfDeath > today) problems.push({ field: 'date_of_death', message: 'date_of_death must not be in the future', reason: 'rule' });
    return problems;
  }
}
