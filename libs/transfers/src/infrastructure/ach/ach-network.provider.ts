import type { Provider, Type } from '@nestjs/common';
import { AchNetwork } from '../../application/ports/ach-network.port';
import { SimulatedAchNetwork } from './simulated-ach-network';

/** The adapters `ACH_NETWORK` may name. A real network's adapter is added here and chosen by configuration alone. */
const ADAPTERS: Readonly<Record<string, Type<AchNetwork>>> = { simulator: SimulatedAchNetwork };

/** Binds the ACH network port to the adapter the environment names (`simulator` by default, contract §8). */
export function achNetworkProvider(env: NodeJS.ProcessEnv = process.env): Provider {
  const name = (env.ACH_NETWORK || 'simulator').toLowerCase();
  const adapter = ADAPTERS[name];
  if (!adapter) throw new Error(`ACH_NETWORK must be one of: ${Object.keys(ADAPTERS).join(', ')} (got "${name}")`);
  return { provide: AchNetwork, useClass: adapter };
}
