import { Readable } from 'node:stream';
import { notaryProviderFor, SimulatedNotaryProvider, simulatedNotaryKey, simulatedNotaryTestValues } from './simulated-notary-provider';

const ID = '01JBX8Q9W4M8Z7T3K2N5R6P0NT';
const CREATED = new Date('2026-09-01T12:00:00.000Z');
const EXPIRES = new Date('2026-09-08T12:00:00.000Z');

function order(email: string, signers = 2) {
  return {
    id: ID,
    title: 'Affidavit',
    actType: 'acknowledgment' as const,
    signers: [{ name: 'A', email, phone: null }, ...Array.from({ length: signers - 1 }, () => ({ name: 'B', email: 'b@example.com', phone: null }))],
    createdAt: CREATED,
    expiresAt: EXPIRES,
    commissionState: null as string | null,
  };
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the simulated notary', () => {
  const provider = new SimulatedNotaryProvider();

  it('keys on the first signer’s local part before any +, in any case', () => {
    expect(simulatedNotaryKey([{ email: 'Decline+heir@example.com' }, { email: 'fail@example.com' }])).toBe('decline');
    expect(simulatedNotaryKey([])).toBe('');
  });

  it('opens a session on an .invalid host; an expire signer lapses one step delay after creation (test mode)', async () => {
    const document = () => Promise.reject(new Error('the simulator reads no document'));
    expect(await provider.open({ ...order('grace@example.com'), document })).toEqual({
      transactionId: `SIMNOT-${ID}`,
      sessionUrl: `https://notary.simulator.invalid/sessions/${ID.toLowerCase()}`,
      quietUntil: null,
      expiresAt: null,
    });
    // The default step delay is 1000 ms; PROVIDER_STEP_DELAY_MS sets it.
    expect((await provider.open({ ...order('Expire+1@example.com'), document })).expiresAt).toEqual(new Date(CREATED.getTime() + 1000));
    expect((await new SimulatedNotaryProvider(0).open({ ...order('expire@example.com'), document })).expiresAt).toEqual(CREATED);
    expect((await new SimulatedNotaryProvider(250).open({ ...order('expire@example.com'), document })).expiresAt).toEqual(new Date(CREATED.getTime() + 250));
  });

  it('completes through every status, the notary in the requested state or UT', async () => {
    const tracked = { ...order('grace@example.com'), transactionId: `SIMNOT-${ID}` };
    expect(await provider.track({ ...tracked, status: 'pending_signers' })).toEqual({ status: 'pending_notary', signers: ['identity_verified', 'identity_verified'] });
    expect(await provider.track({ ...tracked, status: 'pending_notary' })).toEqual({
      status: 'in_session',
      signers: ['identity_verified', 'identity_verified'],
      notary: { name: 'Simulated Notary', commission_state: 'UT', commission_number: 'SIM-0001', commission_expires_on: '2030-12-31' },
    });
    expect((await provider.track({ ...tracked, commissionState: 'IL', status: 'pending_notary' }))?.notary?.commission_state).toBe('IL');
    expect(await provider.track({ ...tracked, status: 'in_session' })).toEqual({ status: 'completed', signers: ['signed', 'signed'], identityMethod: 'kba_and_credential_analysis' });
    expect(await provider.track({ ...tracked, status: 'completed' })).toBeNull();
  });

  it('declines, fails or stays quiet by the first signer', async () => {
    const track = (email: string) => provider.track({ ...order(email), transactionId: 'T', status: 'pending_signers' });
    expect(await track('decline@example.com')).toEqual({ status: 'declined', signers: ['declined', 'invited'] });
    expect(await track('FAIL+x@example.com')).toEqual({ status: 'failed', signers: ['failed', 'invited'], failureReason: 'identity_verification_failed' });
    expect(await track('expire@example.com')).toEqual({ status: 'pending_signers', signers: ['invited', 'invited'], quietUntil: EXPIRES });
  });

  it('notarizes by appending its line to the original bytes, on a line of its own', async () => {
    const withNewline = await bytesOf(await provider.notarizedDocument({ id: ID, original: async () => Readable.from([Buffer.from('%PDF-1.4\n'), Buffer.from('%%EOF\n')]) }));
    expect(withNewline.toString('latin1')).toBe(`%PDF-1.4\n%%EOF\n% simulated notarization ${ID}\n`);
    const without = await bytesOf(await provider.notarizedDocument({ id: ID, original: async () => Readable.from([Buffer.from('%PDF-1.4\n%%EOF')]) }));
    expect(without.toString('latin1')).toBe(`%PDF-1.4\n%%EOF\n% simulated notarization ${ID}\n`);
  });

  it('lists its test values, and NOTARY_PROVIDER accepts only what this build ships', () => {
    expect(simulatedNotaryTestValues()).toContain('`decline@…`');
    expect(notaryProviderFor({})).toBeInstanceOf(SimulatedNotaryProvider);
    expect(simulatedNotaryTestValues()).toContain('`expired` one step delay (`PROVIDER_STEP_DELAY_MS`) after creation');
    expect(notaryProviderFor({ NOTARY_PROVIDER: 'Simulator' })).toBeInstanceOf(SimulatedNotaryProvider);
    expect(() => notaryProviderFor({ NOTARY_PROVIDER: 'notarize' })).toThrow('NOTARY_PROVIDER "notarize" is not available in this build (available: simulator)');
  });
});
