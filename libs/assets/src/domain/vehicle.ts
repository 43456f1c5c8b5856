import { type CaseRecord, Cents, centsOf } from '@estate/shared-kernel/domain';
import type { EquitySource } from './real-estate-valuation';
import type { VehicleDisposition, VehicleType } from './vehicle-vocabulary';

export interface DispositionDetails {
  transferred_to?: string | null;
  sale_price?: number | null;
  sale_date?: string | null;
  buyer_name?: string | null;
}

/** A vehicle of the deceased: a plain record. `vin` is encrypted at rest and masked on the way out. */
export class Vehicle implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  vehicleType: VehicleType;
  year: number;
  make: string;
  model: string;
  vin: string | null;
  licensePlate: string | null;
  registrationState: string | null;
  titleStatus: string | null;
  ownershipType: string | null;
  coOwnerName: string | null;
  estimatedValue: number | null;
  lienPayoffAmount: number | null;
  /** Only the value a client sent; `null` means "computed", see `vehicleEquity`. */
  equityEstimate: number | null;
  valuationSource: string | null;
  lienHolder: string | null;
  mileage: number | null;
  condition: string | null;
  location: string | null;
  disposition: VehicleDisposition | null;
  dispositionDetails: DispositionDetails | null;
  titleTransferStatus: string | null;
  institutionContactId: string | null;
  notes: string | null;
}

/** As for valuations: `equity_estimate` = `estimated_value` − `lien_payoff_amount` when not given; exact, in cents. */
export function vehicleEquity(vehicle: Pick<Vehicle, 'estimatedValue' | 'lienPayoffAmount' | 'equityEstimate'>): { cents: Cents | null; source: EquitySource } {
  const given = centsOf(vehicle.equityEstimate);
  if (given !== null) return { cents: given, source: 'given' };
  const value = centsOf(vehicle.estimatedValue);
  if (value === null) return { cents: null, source: 'computed' };
  return { cents: value - (centsOf(vehicle.lienPayoffAmount) ?? 0n), source: 'computed' };
}
