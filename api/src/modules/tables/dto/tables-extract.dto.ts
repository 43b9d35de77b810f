import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  TABLES_DOWNLOAD_FORMATS,
  TABLES_MAX_PAGE_NUMBER,
  type TablesDownloadFormat,
  TABLES_MODES,
  type PageRangeRequest,
  type TablesExtractRequest,
  type TablesMode,
} from 'contracts';
import { decodeUpload, type Upload } from '../../extraction/dto/extract.dto.js';

export class PageRangeDto implements PageRangeRequest {
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(TABLES_MAX_PAGE_NUMBER)
  first: number;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(TABLES_MAX_PAGE_NUMBER)
  last: number;
}

/** POST /api/sheets-extension/extract (contracts/src/tables.ts). */
export class TablesExtractDto implements TablesExtractRequest {
  @IsString({ message: 'file is required (the file as base64)' })
  file: string;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  fileName?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(TABLES_MAX_PAGE_NUMBER)
  page?: number;

  @IsOptional()
  @ValidateNested()
  @Type(() => PageRangeDto)
  pages?: PageRangeDto;

  @IsIn(TABLES_MODES, { message: `mode must be one of: ${TABLES_MODES.join(', ')}` })
  mode: TablesMode;
}

/**
 * The upload, its size known from its length (refused before decoding when too large). The kind
 * is the engine's to find from the file's first bytes, as for text: 'image' here only names the
 * field decodeUpload reads.
 */
export const tablesUpload = (dto: TablesExtractDto): Upload =>
  decodeUpload({ base64Image: dto.file });

/** The pages asked for: one page, a range, or every page (undefined). */
export function pagesAsked(dto: TablesExtractDto): PageRangeRequest | undefined {
  if (dto.page !== undefined) return { first: dto.page, last: dto.page };
  return dto.pages ? { first: dto.pages.first, last: dto.pages.last } : undefined;
}

/** GET /api/sheets-extension/jobs/:id/download?format=csv|xlsx */
export class TablesDownloadQuery {
  @IsIn(TABLES_DOWNLOAD_FORMATS, {
    message: `format must be one of: ${TABLES_DOWNLOAD_FORMATS.join(', ')}`,
  })
  format: TablesDownloadFormat;
}
