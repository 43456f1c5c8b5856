import { identityProviderFrom } from './identity-provider-setting';
import { SimulatedIdentityVerificationProvider } from './simulated-identity-verification-provider';

describe('IDV_PROVIDER', () => {
  it('is the simulator by default and by name (any case)', () => {
    expect(identityProviderFrom({})).toBeInstanceOf(SimulatedIdentityVerificationProvider);
    expect(identityProviderFrom({ IDV_PROVIDER: '' })).toBeInstanceOf(SimulatedIdentityVerificationProvider);
    expect(identityProviderFrom({ IDV_PROVIDER: 'Simulator' })).toBeInstanceOf(SimulatedIdentityVerificationProvider);
  });

  it('stops the start for an adapter this build does not ship', () => {
    expect(() => identityProviderFrom({ IDV_PROVIDER: 'acme-idv' })).toThrow('IDV_PROVIDER "acme-idv" is not an identity provider of this build (it has: simulator)');
  });
});
