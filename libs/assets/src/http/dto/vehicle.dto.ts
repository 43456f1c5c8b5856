import { ApiProperty, IntersectionType, PartialType } from '@nestjs/swagger';
import { DateField, EnumField, IntegerField, MoneyField, NestedField, RecordView, StringField, TextField } from '@estate/shared-kernel';
import { VEHICLE_DISPOSITIONS, VEHICLE_TYPES } from '../../domain/vehicle-vocabulary';

export class DispositionDetailsBody {
  @StringField({ description: 'Who received the vehicle.', example: 'Grace Okafor' })
  transferred_to?: string | null;

  @MoneyField({ description: 'Price it was sold for.', example: 8500 })
  sale_price?: number | null;

  @DateField({ description: 'Date of the sale.', example: '2026-10-01' })
  sale_date?: string | null;

  @StringField({ description: 'Who bought it.', example: 'Lee Motors' })
  buyer_name?: string | null;
}

export class CreateVehicleBody {
  @EnumField(VEHICLE_TYPES, { required: true, description: 'Kind of vehicle.', example: 'automobile' })
  vehicle_type: string;

  @IntegerField({ required: true, min: 1800, max: 2200, description: 'Model year.', example: 2019 })
  year: number;

  @StringField({ required: true, description: 'Make.', example: 'Toyota' })
  make: string;

  @StringField({ required: true, description: 'Model.', example: 'Camry' })
  model: string;

  @StringField({ max: 40, description: 'Vehicle identification number; accepted in full, always returned masked.', example: '4T1B11HK5KU123456' })
  vin?: string | null;

  @StringField({ max: 20, description: 'License plate.', example: 'ABC 1234' })
  license_plate?: string | null;

  @StringField({ description: 'State of registration.', example: 'IL' })
  registration_state?: string | null;

  @StringField({ description: 'Title status (free text: no fixed set of values).', example: 'clear' })
  title_status?: string | null;

  @StringField({ description: 'How the vehicle is owned (free text: no fixed set of values).', example: 'sole' })
  ownership_type?: string | null;

  @StringField({ description: 'Co-owner, if any.', example: 'Ada Okafor' })
  co_owner_name?: string | null;

  @MoneyField({ description: 'Estimated value.', example: 14500 })
  estimated_value?: number | null;

  @MoneyField({ description: 'Amount needed to pay off the lien.', example: 3200 })
  lien_payoff_amount?: number | null;

  @MoneyField({
    description: 'Equity; when never given it reads as estimated_value − lien_payoff_amount (null without an estimated value). Send null to go back to the computed value.',
    example: 11300,
  })
  equity_estimate?: number | null;

  @StringField({ description: 'Where the value comes from (free text: no fixed set of values).', example: 'kelley_blue_book' })
  valuation_source?: string | null;

  @StringField({ description: 'Who holds the lien.', example: 'Toyota Financial Services' })
  lien_holder?: string | null;

  @IntegerField({ min: 0, max: 10_000_000, description: 'Odometer reading.', example: 48210 })
  mileage?: number | null;

  @StringField({ description: 'Condition (free text: no fixed set of values).', example: 'good' })
  condition?: string | null;

  @StringField({ description: 'Where the vehicle is.', example: 'garage at 12 Elm Street' })
  location?: string | null;

  @EnumField(VEHICLE_DISPOSITIONS, { description: 'What happens to the vehicle.', example: 'pending_decision' })
  disposition?: string | null;

  @NestedField(() => DispositionDetailsBody, { description: 'Details of the disposition; merges field by field in a PATCH.' })
  disposition_details?: DispositionDetailsBody | null;

  @StringField({ description: 'Title transfer status (free text: no fixed set of values).', example: 'not_started' })
  title_transfer_status?: string | null;

  @StringField({ max: 26, description: 'An institution contact of this case (the lien holder’s), or null.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AD' })
  institution_contact_id?: string | null;

  @TextField({ description: 'Free notes.', example: 'Spare key with the neighbour.' })
  notes?: string | null;
}

/** Every field of the create body is writable (contract §3); `null` clears an optional one. */
export class PatchVehicleBody extends PartialType(CreateVehicleBody, { skipNullProperties: false }) {}

export class VehicleView extends IntersectionType(RecordView, CreateVehicleBody) {
  @ApiProperty({ description: 'The case.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AA' })
  case_id: string;
}
