import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import type { ExtractRequest } from 'contracts';
import { extractionErrors } from '../engine/index.js';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** POST /api/extract (spec §3 'Extract request'). */
export class ExtractDto implements ExtractRequest {
  @ValidateIf((dto: ExtractDto) => dto.base64Pdf === undefined)
  @IsString({ message: 'base64Image or base64Pdf is required' })
  base64Image?: string;

  @ValidateIf((dto: ExtractDto) => dto.base64Image === undefined)
  @IsString({ message: 'base64Image or base64Pdf is required' })
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

/**
 * An upload's base64: its decoded size is known from its length, so an oversize file is refused
 * before anything is decoded; `decode()` refuses text that is not base64 (UNSUPPORTED_FILE).
 */
export type Upload = { kind: 'image' | 'pdf'; byteLength: number; decode: () => Buffer };

export function decodeUpload(dto: ExtractDto): Upload {
  const kind = dto.base64Pdf !== undefined ? 'pdf' : 'image';
  const raw = dto.base64Pdf ?? dto.base64Image ?? '';
  const encoded = raw.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
  const padding = encoded.endsWith('==') ? 2 : encoded.endsWith('=') ? 1 : 0;
  const byteLength = Math.floor((encoded.length * 3) / 4) - padding;
  return {
    kind,
    byteLength,
    decode: () => {
      if (encoded.length % 4 === 1 || !BASE64.test(encoded)) throw extractionErrors.badBase64();
      return Buffer.from(encoded, 'base64');
    },
  };
}
