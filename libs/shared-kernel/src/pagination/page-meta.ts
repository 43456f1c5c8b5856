import { ApiProperty } from '@nestjs/swagger';

/** The specification's pagination meta; `total_count`/`total_pages` are absent in cursor mode (contract §4). */
export class PageMeta {
  @ApiProperty() page: number;
  @ApiProperty() per_page: number;
  @ApiProperty({ required: false }) total_count?: number;
  @ApiProperty({ required: false }) total_pages?: number;
  @ApiProperty({ type: String, nullable: true }) next_cursor: string | null;
  @ApiProperty() has_more: boolean;
}
