import { PartialType } from '@nestjs/swagger';
import { AddressDto, DateField, MoneyField, StringField } from '@estate/shared-kernel';

/** Items of `liens`, of a property and of a valuation alike. */
export class LienBody {
  @StringField({ description: 'Kind of lien (free text: no fixed set of values).', example: 'tax' })
  lien_type?: string | null;

  @StringField({ description: 'Who holds the lien.', example: 'Sangamon County Treasurer' })
  holder?: string | null;

  @MoneyField({ description: 'Amount secured by the lien; counts against the equity estimate.', example: 4200.5 })
  amount?: number | null;

  @DateField({ description: 'When the lien was recorded.', example: '2025-03-14' })
  recorded_date?: string | null;
}

/** A patch of the address merges field by field (RFC 7396); the merged address must still be complete. */
export class PatchPropertyAddressBody extends PartialType(AddressDto, { skipNullProperties: false }) {}
