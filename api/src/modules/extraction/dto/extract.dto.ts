import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { AD_TERM_MAX_LENGTH, type ExtractRequest } from 'contracts';
import { extractionErrors } from '../engine/index.js';

// Base64 with the line breaks and spaces some encoders put in (Buffer.from skips them).
const BASE64 = /^[A-Za-z0-9+/\t\n\v\f\r ]*(?:=[\t\n\v\f\r ]*){0,2}$/;
const DATA_URL = /^data:[^;,]*;base64,/;
const WHITESPACE = /[\t\n\v\f\r ]/;

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
  @MaxLength(AD_TERM_MAX_LENGTH)
  searchTerm?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(AD_TERM_MAX_LENGTH)
  keyword?: string | null;
}

/**
 * An upload's base64: its decoded size is known from its length, so an oversize file is refused
 * before anything is decoded; `decode()` refuses text that is not base64 (UNSUPPORTED_FILE).
 * The string is never copied: a data-URL prefix is skipped with a slice (V8 shares the
 * characters), whitespace is counted rather than stripped and left to the decoder, which skips
 * it, so an upload is held as the request's string and one decoded buffer.
 */
export type Upload = { kind: 'image' | 'pdf'; byteLength: number; decode: () => Buffer };

export function decodeUpload(dto: ExtractDto): Upload {
  const kind = dto.base64Pdf !== undefined ? 'pdf' : 'image';
  const raw = dto.base64Pdf ?? dto.base64Image ?? '';
  const prefix = DATA_URL.exec(raw.slice(0, 256))?.[0].length ?? 0;
  const encoded = prefix ? raw.slice(prefix) : raw;
  const { characters, padding } = countBase64(encoded);
  const byteLength = Math.floor((characters * 3) / 4) - padding;
  return {
    kind,
    byteLength,
    decode: () => {
      if (characters % 4 === 1 || !BASE64.test(encoded)) throw extractionErrors.badBase64();
      return Buffer.from(encoded, 'base64');
    },
  };
}

/** Base64 characters (whitespace left out) and '=' padding, counted without copying. */
function countBase64(encoded: string): { characters: number; padding: number } {
  let characters = encoded.length;
  if (WHITESPACE.test(encoded)) {
    for (let i = 0; i < encoded.length; i++) {
      const c = encoded.charCodeAt(i);
      if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) characters -= 1;
    }
  }
  let padding = 0;
  for (let i = encoded.length - 1; i >= 0 && padding < 2; i--) {
    const c = encoded.charCodeAt(i);
    if (c === 0x3d) padding += 1;
    else if (!(c === 0x20 || (c >= 0x09 && c <= 0x0d))) break;
  }
  return { characters, padding };
}
