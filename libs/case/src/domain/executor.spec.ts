import { Executor } from './executor';

const today = '2026-11-27';
const fields = (document: Parameters<typeof Executor.problems>[0], dateOfDeath: string | null = null) => Executor.problems(document, today, dateOfDeath).map((problem) => problem.field);

describe('Executor', () => {
  it('letters follow the role unless given', () => {
    expect(Executor.lettersOf('executor')).toBe('letters_testamentary');
    expect(Executor.lettersOf('administrator')).toBe('letters_of_administration');
    expect(Executor.lettersOf('administrator_with_will_annexed')).toBe('letters_of_administration_with_will_annexed');
    expect(Executor.lettersOf('special_administrator')).toBe('letters_of_special_administration');
    expect(Executor.lettersOf('successor')).toBe('letters_of_administration');
    const given = Object.assign(new Executor(), { role: 'executor', lettersType: 'letters_of_administration', bondStatus: null, isProfessional: null });
    Executor.fillDefaults(given);
    expect([given.lettersType, given.bondStatus, given.isProfessional, given.identityStatus]).toEqual(['letters_of_administration', 'not_required', false, 'unverified']);
  });

  it('past facts and the date of birth are not after today', () => {
    expect(fields({ appointment_date: '2026-11-28', letters_issued_date: '2026-11-28', irs_form_56_filed_date: '2026-11-28', date_of_birth: '2026-11-28' })).toEqual([
      'appointment_date', 'letters_issued_date', 'irs_form_56_filed_date', 'date_of_birth',
    ]);
    expect(fields({ appointment_date: today, letters_issued_date: today, irs_form_56_filed_date: today, irs_form_56_terminated_date: today })).toEqual([]);
  });

  it('letters on or after the appointment; the appointment on or after the date of death when it is known', () => {
    expect(fields({ appointment_date: '2026-09-15', letters_issued_date: '2026-09-14' })).toEqual(['letters_issued_date']);
    expect(fields({ appointment_date: '2026-08-19' }, '2026-08-20')).toEqual(['appointment_date']);
    expect(fields({ appointment_date: '2026-08-20', letters_issued_date: '2026-08-20' }, '2026-08-20')).toEqual([]);
    expect(fields({ appointment_date: '1990-01-01' })).toEqual([]);
  });

  it('Form 56 ends only after it was filed', () => {
    expect(fields({ irs_form_56_terminated_date: '2026-10-01' })).toEqual(['irs_form_56_terminated_date']);
    expect(fields({ irs_form_56_filed_date: '2026-10-02', irs_form_56_terminated_date: '2026-10-01' })).toEqual(['irs_form_56_terminated_date']);
    expect(fields({ irs_form_56_filed_date: '2026-10-01', irs_form_56_terminated_date: '2026-10-01' })).toEqual([]);
  });

  it('a posted bond has an amount over 0 and a surety; none required or waived has no amount; required takes either', () => {
    expect(fields({ bond_status: 'posted' })).toEqual(['bond_amount', 'surety_name']);
    expect(fields({ bond_status: 'posted', bond_amount: 0, surety_name: 'S' })).toEqual(['bond_amount']);
    expect(fields({ bond_status: 'posted', bond_amount: 10, surety_name: 'S' })).toEqual([]);
    expect(fields({ bond_amount: 10 })).toEqual(['bond_amount']);
    expect(fields({ bond_status: 'waived', bond_amount: 10 })).toEqual(['bond_amount']);
    expect(fields({ bond_status: 'required', bond_amount: 10 })).toEqual([]);
    expect(fields({ bond_status: 'required' })).toEqual([]);
  });
});
