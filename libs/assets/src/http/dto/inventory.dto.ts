import { ApiProperty } from '@nestjs/swagger';
import { ASSET_KINDS } from '../../domain/asset-kinds';
import { ESTATE_VALUE_BRACKETS } from '../../domain/estate-inventory';
import { VALUE_SOURCES } from '../../domain/inventory-lines';
import { PASSES_BY } from '../../domain/passage';

const ITEM_KINDS = [...ASSET_KINDS, 'debt'];

export class InventoryItemView {
  @ApiProperty({ enum: ITEM_KINDS, description: 'Kind of record.', example: 'bank_account' }) kind: string;
  @ApiProperty({ description: 'The record’s id.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AB' }) id: string;
  @ApiProperty({ description: 'What the line is.', example: 'First Bank checking' }) description: string;
  @ApiProperty({ type: String, nullable: true, description: 'Masked account, policy or vehicle number, or the parcel number.', example: '********6789' })
  reference: string | null;
  @ApiProperty({ description: 'The value used; 0 when the record has none.', example: 10000.1 }) value: number;
  @ApiProperty({ enum: VALUE_SOURCES, description: 'Where the value comes from.', example: 'current_balance' }) value_source: string;
  @ApiProperty({ enum: PASSES_BY, nullable: true, description: 'Why the asset passes outside probate; null for probate assets and debts.', example: null })
  passes_by: string | null;
}

export class InventoryGroupView {
  @ApiProperty({ enum: ASSET_KINDS, description: 'Kind of asset.', example: 'bank_account' }) kind: string;
  @ApiProperty({ type: [InventoryItemView], description: 'The probate assets of this kind.' }) items: InventoryItemView[];
  @ApiProperty({ description: 'Sum of the items’ values.', example: 10000.1 }) subtotal: number;
}

export class InventoryListView {
  @ApiProperty({ type: [InventoryItemView], description: 'The lines.' }) items: InventoryItemView[];
  @ApiProperty({ description: 'Sum of the lines’ values.', example: 125000.6 }) subtotal: number;
}

export class InventoryTotalsView {
  @ApiProperty({ example: 555100.1, description: 'Sum of the probate assets.' }) gross_probate_assets: number;
  @ApiProperty({ example: 125000.6, description: 'Sum of the assets passing outside probate.' }) non_probate_assets: number;
  @ApiProperty({ example: 2500.33, description: 'Sum of the debts’ balances.' }) liabilities: number;
  @ApiProperty({ example: 552599.77, description: 'Gross probate assets less liabilities.' }) net_estate: number;
}

export class InventoryEstateValueView {
  @ApiProperty({ enum: ESTATE_VALUE_BRACKETS, nullable: true, description: 'The case’s own estate_value.', example: '100k_to_500k' }) recorded: string | null;
  @ApiProperty({ enum: ESTATE_VALUE_BRACKETS, description: 'The bracket the gross probate assets imply.', example: '500k_to_1m' }) implied: string;
  @ApiProperty({ enum: ['gross_probate_assets'], description: 'The figure the implied bracket is taken from.', example: 'gross_probate_assets' }) basis: string;
  @ApiProperty({ type: Boolean, nullable: true, description: 'Whether the two agree; null while the case’s own value is unset or unknown.', example: false })
  matches: boolean | null;
}

export class InventoryView {
  @ApiProperty({ description: 'The case.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AA' }) case_id: string;
  @ApiProperty({ type: String, format: 'date', nullable: true, description: "The date bank accounts were valued at: the as_of asked for, else the deceased's date_of_death; null when neither is known.", example: '2026-08-14' })
  as_of: string | null;
  @ApiProperty({ description: 'Currency of every amount.', example: 'USD' }) currency: string;
  @ApiProperty({ type: [InventoryGroupView], description: 'Probate assets by kind (kinds without items left out).' }) probate_assets: InventoryGroupView[];
  @ApiProperty({ type: InventoryListView, description: 'Assets passing outside probate, listed apart.' }) non_probate_assets: InventoryListView;
  @ApiProperty({ type: InventoryListView, description: 'Debts.' }) liabilities: InventoryListView;
  @ApiProperty({ type: InventoryTotalsView, description: 'Totals, summed exactly.' }) totals: InventoryTotalsView;
  @ApiProperty({ type: InventoryEstateValueView, description: 'The estate_value bracket the figures imply next to the case’s own.' }) estate_value: InventoryEstateValueView;
}
