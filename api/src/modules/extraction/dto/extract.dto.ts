import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';

// 30 MB of file is 40 MB of base64; the route's body limit is a little above that.
const MAX_BASE64_CHARS = 41 * 1024 * 1024;

/** POST /api/extract (spec §3 'Extract request'). */
export class ExtractDto {
  @ValidateIf((dto: ExtractDto) => dto.base64Pdf === undefined)
  @IsString({ message: 'base64Image or base64Pdf is required' })
  @MaxLength(MAX_BASE64_CHARS)
  base64Image?: string;

  @ValidateIf((dto: ExtractDto) => dto.base64Image === undefined)
  @IsString({ message: 'base64Image or base64Pdf is required' })
  @MaxLength(MAX_BASE64_CHARS)
  base64Pdf?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100_000)
  pageToExtract?: number;

  /** Empty: the original language; otherwise the code of the language to translate into. */
  @IsOptional()
  @IsString()
  @MaxLength(20)
  language?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  searchTerm?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  keyword?: string | null;
}
