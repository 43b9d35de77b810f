import { useId } from 'react';
import { tokens } from 'shared-ui';
import styled from 'styled-components';
import type { GridTable } from '../converter-state';

/** Below this confidence (0–100) a cell is marked for checking. */
export const LOW_CONFIDENCE = 60;

const StyledWrap = styled.div`
  overflow-x: auto;
  max-width: 100%;
`;
const StyledTable = styled.table`
  border-collapse: collapse;
  font-size: 0.95rem;
  caption {
    text-align: left;
    font-weight: 600;
    padding-bottom: ${tokens.space[2]};
  }
  th {
    background: ${tokens.color.surface};
    color: ${tokens.color.textMuted};
    font-weight: 600;
    padding: ${tokens.space[1]} ${tokens.space[2]};
    border: 1px solid ${tokens.color.border};
  }
  td {
    border: 1px solid ${tokens.color.border};
    padding: 0;
  }
  td[data-low='true'] {
    outline: 2px dashed ${tokens.color.error};
    outline-offset: -2px;
  }
  input {
    border: 0;
    padding: ${tokens.space[1]} ${tokens.space[2]};
    font: inherit;
    background: transparent;
    color: ${tokens.color.text};
  }
  input:focus-visible {
    outline: 3px solid ${tokens.color.focus};
  }
`;
const StyledCell = styled.span`
  display: flex;
  align-items: center;
`;
const StyledFlag = styled.span`
  padding-right: ${tokens.space[1]};
  color: ${tokens.color.error};
  font-weight: 700;
`;
const StyledLegend = styled.p`
  margin: 0 0 ${tokens.space[2]};
  color: ${tokens.color.textMuted};
`;
const StyledHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

/** A spreadsheet's column name: A … Z, AA … */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

export type TableGridProps = {
  table: GridTable;
  /** What the table is called (its caption and the start of each cell's label). */
  caption: string;
  onEdit: (row: number, column: number, value: string) => void;
};

/**
 * One table as an accessible grid of editable cells: column letters and row numbers as headers,
 * each cell a labelled text field (Tab moves through them), and cells read with low confidence
 * flagged by a sign and a description a screen reader reads with the field.
 */
export function TableGrid({ table, caption, onEdit }: TableGridProps) {
  const lowId = useId();
  const columns = Math.max(0, ...table.rows.map((row) => row.length));
  const confidenceOf = (r: number, c: number): number | null => table.confidence?.[r]?.[c] ?? null;
  const isLow = (r: number, c: number) => {
    const value = confidenceOf(r, c);
    return value !== null && value < LOW_CONFIDENCE;
  };
  const lowCount = table.rows.reduce(
    (sum, row, r) => sum + row.filter((_, c) => isLow(r, c)).length,
    0,
  );
  return (
    <StyledWrap>
      {lowCount > 0 && (
        <StyledLegend id={lowId}>
          <span aria-hidden="true">⚠ </span>
          {lowCount === 1
            ? '1 cell was read with low confidence: please check it.'
            : `${String(lowCount)} cells were read with low confidence: please check them.`}
        </StyledLegend>
      )}
      <StyledTable>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <td />
            {Array.from({ length: columns }, (_, c) => (
              <th key={c} scope="col">
                {columnName(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r}>
              <th scope="row">{r + 1}</th>
              {Array.from({ length: columns }, (_, c) => {
                if (c >= row.length) return <td key={c} />;
                const low = isLow(r, c);
                const cellName = `${columnName(c)}${String(r + 1)}`;
                const descriptionId = `${lowId}-${cellName}`;
                return (
                  <td key={c} data-low={low ? 'true' : undefined}>
                    <StyledCell>
                      {low && <StyledFlag aria-hidden="true">⚠</StyledFlag>}
                      <input
                        type="text"
                        aria-label={`${caption}, cell ${cellName}`}
                        aria-describedby={low ? descriptionId : undefined}
                        value={row[c]}
                        size={Math.min(40, Math.max(6, (row[c] ?? '').length + 1))}
                        onChange={(event) => onEdit(r, c, event.target.value)}
                      />
                      {low && (
                        <StyledHidden id={descriptionId}>
                          {`Low confidence (${String(Math.round(confidenceOf(r, c) ?? 0))}%): please check this cell.`}
                        </StyledHidden>
                      )}
                    </StyledCell>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </StyledTable>
    </StyledWrap>
  );
}
