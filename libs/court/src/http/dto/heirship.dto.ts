import { ApiProperty } from '@nestjs/swagger';
import { KINSHIPS, REPRESENTATION_METHODS } from '../../domain/heirship';
import { PROPERTY_KINDS } from '../../application/estate-heirship.service';

export class HeirView {
  @ApiProperty({ description: 'The person of the case who inherits.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0PE' }) person_id: string;
  @ApiProperty({ description: 'Their name, as the person records it.', example: 'Grace Okafor' }) name: string;
  @ApiProperty({ enum: [...KINSHIPS], nullable: true, description: 'Their kinship to the deceased.', example: 'child' }) kinship: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    pattern: '^\\d+/\\d+$',
    description: 'The exact share of the estate, `n/d` in lowest terms; null when the rule gives a dollar amount (then only `amount` is exact).',
    example: '1/4',
  })
  fraction: string | null;
  @ApiProperty({ description: 'Their money at the estate value, in exact cents; the cents left over by rounding go to the first heir.', example: 75000 })
  amount: number;
  @ApiProperty({ type: [String], description: 'The persons a share passed through on its way (a predeceased parent), nearest the deceased first.', example: [] })
  via: string[];
  @ApiProperty({ description: 'The section that gave the share.', example: 'Fla. Stat. §732.104' }) citation: string;
}

export class UnresolvedFactView {
  @ApiProperty({ type: String, nullable: true, description: 'The person the missing fact is about; null for a gap in the rules.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0PF' })
  person_id: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The field that would tell it (a person field, or `state`, `order`, `representation`).', example: 'descendant_of_spouse' })
  field: string | null;
  @ApiProperty({ description: 'What the rule needs and why.', example: "Florida's spouse share depends on whether Ben Okafor is also a descendant of the surviving spouse" })
  message: string;
}

/** Contract-extensions §17.3: who inherits without a will. */
export class HeirshipView {
  @ApiProperty({ description: 'The state whose law was applied (USPS code): the one asked for, else the domicile.', example: 'FL' }) state: string;
  @ApiProperty({ enum: [...PROPERTY_KINDS], description: 'Which property was divided.', example: 'separate' }) property: string;
  @ApiProperty({ enum: ['state', 'upc_default'], description: "`state`: the state's own statute; `upc_default`: the Uniform Probate Code's, where the state enacted it.", example: 'state' })
  rule_source: string;
  @ApiProperty({ enum: [...REPRESENTATION_METHODS], nullable: true, description: 'How a share divides among a line of descendants; null when the data does not establish one method.', example: 'per_stirpes' })
  representation: string | null;
  @ApiProperty({ description: "The inventory's gross probate assets at the date of death.", example: 300000 }) estate_value: number;
  @ApiProperty({ type: [HeirView], description: 'Each heir, the spouse first, then in the order the persons were created; empty while anything is unresolved.' })
  heirs: HeirView[];
  @ApiProperty({ type: [UnresolvedFactView], description: 'What the rules need and the persons (or the data) do not tell; no share is computed from a guess.', example: [] })
  unresolved: UnresolvedFactView[];
  @ApiProperty({ description: 'No heir at all: the estate passes to the state.', example: false }) escheat: boolean;
  @ApiProperty({ description: 'Every rule used was read in the statute’s own text and is not disputed.', example: true }) verified: boolean;
  @ApiProperty({ type: [String], description: 'The sections of every share, once each.', example: ['Fla. Stat. §732.102 (as amended eff. 2011-10-01)', 'Fla. Stat. §732.104'] }) citations: string[];
  @ApiProperty({ type: [String], description: 'Caveats of the rules used: a disputed figure, an inflation-adjusted amount and its source.', example: [] }) notes: string[];
}
