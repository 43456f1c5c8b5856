import { loadCommsConfig } from '../application/comms-config';
import { faxProviderFor } from './comms-adapters';
import { SimulatedFaxProvider } from './fax/simulated-fax-provider';

describe('the fax settings', () => {
  it('FAX_PROVIDER: the simulator by default; a value this build does not ship stops the start', () => {
    expect(faxProviderFor(loadCommsConfig({}))).toBeInstanceOf(SimulatedFaxProvider);
    expect(faxProviderFor(loadCommsConfig({ FAX_PROVIDER: 'Simulator' }))).toBeInstanceOf(SimulatedFaxProvider);
    expect(() => faxProviderFor(loadCommsConfig({ FAX_PROVIDER: 'efax' }))).toThrow('FAX_PROVIDER "efax" is not available in this build (available: simulator)');
  });

  it('FAX_FROM_NUMBER: an E.164 number, +12025550100 by default', () => {
    expect(loadCommsConfig({}).faxFromNumber).toBe('+12025550100');
    expect(loadCommsConfig({ FAX_FROM_NUMBER: '+442079460958' }).faxFromNumber).toBe('+442079460958');
    expect(() => loadCommsConfig({ FAX_FROM_NUMBER: '202-555-0100' })).toThrow('FAX_FROM_NUMBER must be an E.164 number');
  });
});
