import { SimulatedFaxProvider, simulatedFaxTestValues } from './simulated-fax-provider';

const fax = (toNumber: string) => ({ id: '01JBX8Q9W4M8Z7T3K2N5R6P0FX', toNumber, fromNumber: '+12025550100', documentIds: ['d1'], coverPage: true, coverPageNote: null, pages: 5 });

describe('the simulated fax provider (contract-extensions §11.4)', () => {
  it('decides by the last four digits of to_number alone', async () => {
    const provider = new SimulatedFaxProvider();
    const outcomes: Record<string, unknown> = {};
    for (const number of ['+13125550000', '+13125550001', '+13125550002', '+13125550003', '+13125550142']) {
      const submission = await provider.send(fax(number));
      outcomes[number] = submission.accepted
        ? await provider.track({ id: fax(number).id, providerFaxId: submission.providerFaxId, toNumber: number, pages: 5 })
        : submission;
    }
    expect(outcomes).toEqual({
      '+13125550000': { status: 'failed', failureReason: 'busy', pagesSent: 0 },
      '+13125550001': { status: 'failed', failureReason: 'no_answer', pagesSent: 0 },
      '+13125550002': { accepted: false, failureReason: 'invalid_number', providerFaxId: 'simfax_01jbx8q9w4m8z7t3k2n5r6p0fx' },
      '+13125550003': { status: 'failed', failureReason: 'transmission_error', pagesSent: 4 },
      '+13125550142': { status: 'delivered', pagesSent: 5, confirmationNumber: 'SIMFAX-01JBX8Q9W4M8Z7T3K2N5R6P0FX' },
    });
    expect(provider.sent().map((sent) => sent.toNumber)).toHaveLength(5);
    // A second instance (another process) answers the same.
    expect(await new SimulatedFaxProvider().track({ id: 'x', providerFaxId: 'simfax_x', toNumber: '+13125550003', pages: 2 })).toEqual({
      status: 'failed',
      failureReason: 'transmission_error',
      pagesSent: 1,
    });
  });

  it('lists its test values for the API reference', () => {
    expect(simulatedFaxTestValues()).toContain('| `…0002` | `failed` (`invalid_number`) straight from `queued` |');
  });
});
