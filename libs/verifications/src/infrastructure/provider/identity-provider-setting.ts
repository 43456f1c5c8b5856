import { IdentityVerificationProvider } from '../../application/ports/identity-verification-provider.port';
import { SimulatedIdentityVerificationProvider } from './simulated-identity-verification-provider';

/** The adapters this build ships, by their `IDV_PROVIDER` name. A real provider's adapter is one more entry. */
const ADAPTERS: Readonly<Record<string, () => IdentityVerificationProvider>> = {
  simulator: () => new SimulatedIdentityVerificationProvider(),
};

/**
 * `IDV_PROVIDER` (contract-extensions §11.4) selects the identity-verification adapter: `simulator` by default, which
 * never lets identity data leave the machine. A value this build does not ship stops the start with a clear message.
 */
export function identityProviderFrom(env: NodeJS.ProcessEnv): IdentityVerificationProvider {
  const name = (env.IDV_PROVIDER || 'simulator').toLowerCase();
  const adapter = ADAPTERS[name];
  if (!adapter) throw new Error(`IDV_PROVIDER "${env.IDV_PROVIDER}" is not an identity provider of this build (it has: ${Object.keys(ADAPTERS).join(', ')})`);
  return adapter();
}
