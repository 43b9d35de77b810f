import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  Max,
  Min,
  IsString,
  MaxLength,
  ValidateBy,
  type ValidationArguments,
} from 'class-validator';
import {
  TABLES_DOWNLOAD_FORMATS,
  TABLES_EXPORT_LIMITS,
  TABLES_MAX_PAGE_NUMBER,
  type TablesDownloadFormat,
  type TablesExportRequest,
} from 'contracts';

const L = TABLES_EXPORT_LIMITS;
const n = (value: number) => value.toLocaleString('en-US');

/** The first thing wrong with `tables` (shape or size), or null when it is a fit grid. */
export function tablesProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return 'tables must be a list of tables';
  if (value.length > L.tables) return `tables must hold at most ${n(L.tables)} tables`;
  let cells = 0;
  for (const [t, table] of value.entries()) {
    if (!Array.isArray(table)) return `tables[${String(t)}] must be a list of rows`;
    if (table.length > L.rowsPerTable) {
      return `tables[${String(t)}] must hold at most ${n(L.rowsPerTable)} rows`;
    }
    for (const [r, row] of table.entries()) {
      const at = `tables[${String(t)}][${String(r)}]`;
      if (!Array.isArray(row)) return `${at} must be a list of cells`;
      if (row.length > L.cellsPerRow) return `${at} must hold at most ${n(L.cellsPerRow)} cells`;
      for (const cell of row) {
        if (typeof cell !== 'string') return `${at} must hold only text cells`;
        if (cell.length > L.cellLength) {
          return `${at} has a cell longer than ${n(L.cellLength)} characters`;
        }
      }
      cells += row.length;
      if (cells > L.cells) return `tables must hold at most ${n(L.cells)} cells in all`;
    }
  }
  return null;
}

/** POST /api/sheets-extension/export (contracts/src/tables.ts). */
export class TablesExportDto implements TablesExportRequest {
  @IsIn(TABLES_DOWNLOAD_FORMATS, {
    message: `format must be one of: ${TABLES_DOWNLOAD_FORMATS.join(', ')}`,
  })
  format: TablesDownloadFormat;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  fileName?: string;

  // Nested arrays of strings are beyond class-validator's decorators: one check walks the grid
  // and names the first problem (the limits keep the work per request bounded).
  @ValidateBy({
    name: 'isTableGrid',
    validator: {
      validate: (value: unknown) => tablesProblem(value) === null,
      defaultMessage: (args?: ValidationArguments) =>
        tablesProblem(args?.value) ?? 'tables must be a list of tables',
    },
  })
  tables: string[][][];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(L.tables)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(TABLES_MAX_PAGE_NUMBER, { each: true })
  pages?: number[];
}
