import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { loggableError, withoutValues } from './loggable-error';

describe('loggableError', () => {
  it('logs a database error by kind, SQLSTATE and schema names, never by its statement, row or key', () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint "persons_email"'), {
      code: '23505',
      severity: 'ERROR',
      detail: 'Key (email)=(ann.lee@example.test) already exists.',
      constraint: 'persons_email',
      table: 'persons',
    });
    driver.message = `insert into "persons" ("first_name", "email") values ('Ann', 'ann.lee@example.test') - ${driver.message}`;
    const logged = loggableError(new UniqueConstraintViolationException(driver));
    expect(logged).toMatchObject({ type: 'UniqueConstraintViolationException', code: '23505', constraint: 'persons_email', table: 'persons', message: 'database error 23505 (constraint persons_email)' });
    expect(JSON.stringify(logged)).not.toMatch(/Ann|ann\.lee|insert into|Key \(/);
    expect(logged.stack).toMatch(/^\s+at /);
  });

  it('withholds statements and quoted values from any other message', () => {
    expect(withoutValues('update "debts" set "balance" = 7654321.98 where "id" = 1')).toBe('[a database statement, withheld]');
    expect(withoutValues('invalid input syntax for type date: "9999-99-99"')).toBe('invalid input syntax for type date: "…"');
    expect(loggableError({ message: "Cannot read properties of undefined (reading 'ssn')" }).message).toBe("Cannot read properties of undefined (reading '…')");
    expect(loggableError('plain text').message).toBe('plain text');
  });
});
