import { EstateEin } from './estate-ein';

describe('EstateEin', () => {
  const blank = (): EstateEin => Object.assign(new EstateEin(), { caseId: 'c', legalName: null, careOfName: null, responsiblePartyName: null, dateStarted: null, closingMonth: null, reasonForApplying: null, ein: null, assignedDate: null });
  const parties = { deceased: { fullName: 'Harold James Whitaker', ssn: '123-45-6789', dateOfDeath: '2026-08-14' }, executor: { fullName: 'Grace Okafor', ssn: '987654321' } };

  it('fills defaults and the SSN last fours, keeps what was given, and follows ein for status', () => {
    const ein = blank();
    ein.legalName = 'Estate of H. Whitaker';
    EstateEin.derive(ein, parties, '2026-11-27');
    expect(ein).toMatchObject({ legalName: 'Estate of H. Whitaker', careOfName: 'Grace Okafor, Executor', responsiblePartyName: 'Grace Okafor', responsiblePartySsnLast4: '4321', decedentSsnLast4: '6789', dateStarted: '2026-08-14', closingMonth: 12, reasonForApplying: 'banking_purpose', entityType: 'estate', status: 'requested', assignedDate: null });
    ein.ein = '91-1234567';
    EstateEin.derive(ein, parties, '2026-11-27');
    expect(ein).toMatchObject({ status: 'assigned', assignedDate: '2026-11-27' });
  });

  it('leaves the defaults null without a deceased or an executor', () => {
    const ein = blank();
    EstateEin.derive(ein, { deceased: null, executor: null }, '2026-11-27');
    expect(ein).toMatchObject({ legalName: null, careOfName: null, responsiblePartySsnLast4: null, decedentSsnLast4: null, dateStarted: null });
  });

  it('needs a mailing address unless an ein is sent, and an issued prefix', () => {
    expect(EstateEin.problems({}, '2026-11-27').map((problem) => problem.field)).toEqual(['mailing_address']);
    expect(EstateEin.problems({ ein: '91-1234567' }, '2026-11-27')).toEqual([]);
    expect(EstateEin.problems({ ein: '07-1234567' }, '2026-11-27').map((problem) => [problem.field, problem.reason])).toEqual([['ein', 'rule']]);
  });

  it('refuses an assigned_date after today (a past fact, §10.0); today itself is fine', () => {
    expect(EstateEin.problems({ ein: '91-1234567', assigned_date: '2026-11-27' }, '2026-11-27')).toEqual([]);
    expect(EstateEin.problems({ ein: '91-1234567', assigned_date: '2026-11-28' }, '2026-11-27').map((problem) => [problem.field, problem.reason])).toEqual([['assigned_date', 'range']]);
  });
});
