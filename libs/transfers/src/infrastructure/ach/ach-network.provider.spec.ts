import { AchNetwork } from '../../application/ports/ach-network.port';
import { achNetworkProvider } from './ach-network.provider';
import { SimulatedAchNetwork } from './simulated-ach-network';

describe('achNetworkProvider', () => {
  it('binds the simulator by default and when named', () => {
    expect(achNetworkProvider({})).toEqual({ provide: AchNetwork, useClass: SimulatedAchNetwork });
    expect(achNetworkProvider({ ACH_NETWORK: 'Simulator' })).toEqual({ provide: AchNetwork, useClass: SimulatedAchNetwork });
  });

  it('refuses an adapter it does not know, naming the ones it does', () => {
    expect(() => achNetworkProvider({ ACH_NETWORK: 'fedach' })).toThrow('ACH_NETWORK must be one of: simulator (got "fedach")');
  });
});
