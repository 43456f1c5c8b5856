import { Cents, centsOf } from '@estate/shared-kernel/domain';
import type { EquitySource } from './real-estate-valuation';

/** What a vehicle's equity is computed from. */
export interface VehicleValue {
  estimatedValue: number | null;
  lienPayoffAmount: number | null;
  /** Only the value a client sent; `null` means "computed", see `vehicleEquity`. */
  equityEstimate: number | null;
}

/** What the inventory and the court accounting read of a vehicle (the record has more: its declaration). */
export interface VehicleFacts extends VehicleValue {
  id: string;
  year: number;
  make: string;
  model: string;
  vin: string | null;
  disposition: string | null;
  dispositionDetails: { sale_price?: number | null; sale_date?: string | null } | null;
  createdAt: Date;
}

/** As for valuations: `equity_estimate` = `estimated_value` − `lien_payoff_amount` when not given; exact, in cents. */
export function vehicleEquity(vehicle: VehicleValue): { cents: Cents | null; source: EquitySource } {
  const given = centsOf(vehicle.equityEstimate);
  if (given !== null) return { cents: given, source: 'given' };
  const value = centsOf(vehicle.estimatedValue);
  if (value === null) return { cents: null, source: 'computed' };
  return { cents: value - (centsOf(vehicle.lienPayoffAmount) ?? 0n), source: 'computed' };
}
