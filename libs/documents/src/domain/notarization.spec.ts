import { ConflictError } from '@estate/shared-kernel/domain';
import { CANCELLABLE, Notarization, NOTARIZATION_MOVES, plusYears } from './notarization';
import { notarizedFileName } from './file-name';
import { NOTARIZATION_STATUSES } from './notarization-vocabulary';

const T0 = new Date('2026-09-01T12:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

function initiated(signers = 2): Notarization {
  return Notarization.initiate(
    '01JBX8Q9W4M8Z7T3K2N5R6P0NT',
    '01JBX8Q9W4M8Z7T3K2N5R6P0CA',
    {
      document_id: '01JBX8Q9W4M8Z7T3K2N5R6P0DC',
      title: 'Affidavit of heirship',
      signers: Array.from({ length: signers }, (_, index) => ({ name: `Signer ${index}`, email: `s${index}@example.com` })),
    },
    '01JBX8Q9W4M8Z7T3K2N5R6P0US',
    T0,
  );
}

describe('Notarization', () => {
  it('starts pending_signers: an acknowledgment, signers invited, expiring 7 days later, due for its first step', () => {
    const n = initiated();
    expect(n).toMatchObject({ status: 'pending_signers', actType: 'acknowledgment', sessionUrl: null, notary: null, journal: null, providerAttempts: 0 });
    expect(n.signers).toEqual([
      { name: 'Signer 0', email: 's0@example.com', phone: null, person_id: null, status: 'invited', signed_at: null },
      { name: 'Signer 1', email: 's1@example.com', phone: null, person_id: null, status: 'invited', signed_at: null },
    ]);
    expect(n.expiresAt.toISOString()).toBe('2026-09-08T12:00:00.000Z');
    expect(n.nextCheckAt).toEqual(T0);
  });

  it('goes through the main line; on completed the signers are stamped and the journal keeps the recording 10 years', () => {
    const n = initiated();
    n.opened('SIMNOT-1', 'https://notary.simulator.invalid/sessions/x', at(1));
    expect([n.sessionUrl, n.nextCheckAt]).toEqual(['https://notary.simulator.invalid/sessions/x', at(1)]);
    n.record({ status: 'pending_notary', signers: ['identity_verified', 'identity_verified'] }, at(2));
    const notary = { name: 'Simulated Notary', commission_state: 'UT', commission_number: 'SIM-0001', commission_expires_on: '2030-12-31' };
    n.record({ status: 'in_session', signers: ['identity_verified', 'identity_verified'], notary }, at(3));
    expect([n.status, n.notary]).toEqual(['in_session', notary]);
    expect(() => n.record({ status: 'completed', signers: ['signed', 'signed'] }, at(4))).toThrow(/notarized document/);
    n.record({ status: 'completed', signers: ['signed', 'signed'], identityMethod: 'kba_and_credential_analysis' }, at(4), '01JBX8Q9W4M8Z7T3K2N5R6P0ND');
    expect(n).toMatchObject({ status: 'completed', notarizedDocumentId: '01JBX8Q9W4M8Z7T3K2N5R6P0ND', nextCheckAt: null, updatedAt: at(4) });
    expect(n.signers.map((s) => [s.status, s.signed_at])).toEqual([
      ['signed', at(4).toISOString()],
      ['signed', at(4).toISOString()],
    ]);
    expect(n.journal).toEqual({ performed_at: at(4).toISOString(), identity_method: 'kba_and_credential_analysis', recording_retained_until: '2036-09-01T12:00:04.000Z' });
  });

  it('refuses a move the list does not have (a provider skipping or going back)', () => {
    const n = initiated();
    expect(() => n.record({ status: 'in_session', signers: [] }, at(1))).toThrow(/pending_signers → in_session/);
    expect(n.status).toBe('pending_signers');
    for (const status of NOTARIZATION_STATUSES) if (!['pending_signers', 'pending_notary', 'in_session'].includes(status)) expect(NOTARIZATION_MOVES[status]).toEqual([]);
  });

  it.each(CANCELLABLE)('cancels from %s', (status) => {
    const n = initiated();
    n.status = status;
    n.cancel(at(5));
    expect([n.status, n.nextCheckAt, n.updatedAt]).toEqual(['cancelled', null, at(5)]);
  });

  it.each(['in_session', 'completed', 'declined', 'failed', 'expired', 'cancelled'] as const)('refuses to cancel from %s (409 invalid_state), nothing changed', (status) => {
    const n = initiated();
    n.status = status;
    const before = JSON.stringify(n);
    expect(() => n.cancel(at(5))).toThrow(ConflictError);
    expect(() => n.cancel(at(5))).toThrow(expect.objectContaining({ code: 'invalid_state' }));
    expect(JSON.stringify(n)).toBe(before);
  });

  it('expires once expires_at has come, and only while open', () => {
    const n = initiated();
    expect(n.expireIfDue(new Date(n.expiresAt.getTime() - 1))).toBe(false);
    expect(n.expireIfDue(n.expiresAt)).toBe(true);
    expect([n.status, n.nextCheckAt]).toEqual(['expired', null]);
    expect(n.expireIfDue(at(10 * 24 * 3600))).toBe(false);
  });

  it('a provider that lapses the transaction sooner moves expires_at there; one already come expires it when opened', () => {
    const soon = initiated();
    soon.opened('SIMNOT-1', 'https://x.invalid/s', at(1), null, at(30));
    expect([soon.status, soon.expiresAt, soon.nextCheckAt]).toEqual(['pending_signers', at(30), at(1)]);
    expect(soon.expireIfDue(at(30))).toBe(true);
    expect([soon.status, soon.expiresAt]).toEqual(['expired', at(30)]);

    const lapsed = initiated();
    lapsed.opened('SIMNOT-1', 'https://x.invalid/s', at(1), null, T0);
    expect(lapsed).toMatchObject({ status: 'expired', expiresAt: T0, nextCheckAt: null, updatedAt: at(1), sessionUrl: 'https://x.invalid/s' });

    // A later expiry than 7 days is not the provider's to grant.
    const later = initiated();
    later.opened('SIMNOT-1', 'https://x.invalid/s', at(1), null, new Date('2027-01-01T00:00:00.000Z'));
    expect(later.expiresAt.toISOString()).toBe('2026-09-08T12:00:00.000Z');
  });

  it('a quiet provider is asked again at the time it names, never after the expiry', () => {
    const n = initiated();
    n.opened('SIMNOT-1', 'https://x.invalid/s', at(1), new Date('2027-01-01T00:00:00.000Z'));
    expect(n.nextCheckAt).toEqual(n.expiresAt);
    n.record({ status: 'pending_signers', signers: ['invited', 'invited'], quietUntil: at(60) }, at(2));
    expect(n.nextCheckAt).toEqual(at(60));
  });

  it('an unreachable provider is asked again after 1, 2, 4, 8 s; the fifth failure fails it with provider_unavailable', () => {
    const n = initiated();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      n.providerUnavailable(at(0));
      waits.push(((n.nextCheckAt as Date).getTime() - T0.getTime()) / 1000);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    n.providerUnavailable(at(20));
    expect(n).toMatchObject({ status: 'failed', failureReason: 'provider_unavailable', nextCheckAt: null });
  });

  it('a reachable provider resets the count of failed tries', () => {
    const n = initiated();
    n.providerUnavailable(at(0));
    n.opened('SIMNOT-1', 'https://x.invalid/s', at(1));
    expect(n.providerAttempts).toBe(0);
  });

  it('revises title and notes only when they change', () => {
    const n = initiated();
    n.revise({ title: 'Affidavit of heirship' }, at(9));
    expect(n.updatedAt).toEqual(T0);
    n.revise({ title: 'Small estate affidavit', notes: 'Bring ID' }, at(9));
    expect([n.title, n.notes, n.updatedAt]).toEqual(['Small estate affidavit', 'Bring ID', at(9)]);
  });
});

describe('plusYears and the notarized file name', () => {
  it('adds calendar years; 29 February lands on 28 February', () => {
    expect(plusYears(new Date('2028-02-29T10:00:00.000Z'), 10).toISOString()).toBe('2038-02-28T10:00:00.000Z');
    expect(plusYears(new Date('2026-12-31T23:59:59.999Z'), 10).toISOString()).toBe('2036-12-31T23:59:59.999Z');
  });

  it('names the notarized PDF after the original, within 255 characters', () => {
    expect(notarizedFileName('will.pdf')).toBe('will-notarized.pdf');
    expect(notarizedFileName('Scan 3.PDF')).toBe('Scan 3-notarized.pdf');
    expect(notarizedFileName('letter')).toBe('letter-notarized.pdf');
    const long = notarizedFileName(`${'a'.repeat(255)}`);
    expect(Array.from(long)).toHaveLength(255);
    expect(long.endsWith('-notarized.pdf')).toBe(true);
  });
});
