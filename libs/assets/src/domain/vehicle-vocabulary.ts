/** Value sets of vehicles, from the specification's Vehicle table and `#20`. */
export const VEHICLE_TYPES = [
  'automobile',
  'motorcycle',
  'recreational_vehicle',
  'boat',
  'commercial_vehicle',
  'classic_car',
  'trailer',
  'off_highway_vehicle',
  'farm_equipment',
  'aircraft',
  'other',
] as const;
export const VEHICLE_DISPOSITIONS = ['keep', 'transfer_to_heir', 'sell', 'donate', 'junk', 'pending_decision'] as const;

export type VehicleType = (typeof VEHICLE_TYPES)[number];
export type VehicleDisposition = (typeof VEHICLE_DISPOSITIONS)[number];
