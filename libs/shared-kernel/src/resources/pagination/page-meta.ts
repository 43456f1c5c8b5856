import { ApiProperty } from '@nestjs/swagger';

/** The specification's pagination meta; `total_count`/`total_pages` are absent in cursor mode (contract §4). */
export class PageMeta {
  @ApiProperty({ type: 'integer', minimum: 1, description: 'Current page number (1 in cursor mode).', example: 1 }) page: number;
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 100, description: 'Records per page for this request.', example: 25 }) per_page: number;
  @ApiProperty({ type: 'integer', minimum: 0, required: false, description: 'Records across all pages; absent in cursor mode.', example: 42 })
  total_count?: number;
  @ApiProperty({ type: 'integer', minimum: 0, required: false, description: 'Pages in all; absent in cursor mode.', example: 2 }) total_pages?: number;
  @ApiProperty({ type: String, nullable: true, description: 'Cursor of the next page; null in page mode and on the last page.', example: null })
  next_cursor: string | null;
  @ApiProperty({ description: 'Whether more records follow this page.', example: true }) has_more: boolean;
}
