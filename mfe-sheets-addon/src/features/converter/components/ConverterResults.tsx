import { Button, tokens } from 'shared-ui';
import styled from 'styled-components';
import type { Converter } from '../useConverter';
import { InvoiceResult } from './InvoiceResult';
import { TableGrid } from './TableGrid';

const StyledResults = styled.section`
  display: grid;
  gap: ${tokens.space[4]};
  h3 {
    margin: 0;
  }
`;
const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space[2]};
`;
const StyledNotice = styled.p<{ $error: boolean }>`
  margin: 0;
  color: ${({ $error }) => ($error ? tokens.color.error : tokens.color.success)};
`;

/** A finished job's tables (or invoice), editable, with the downloads and the copy. */
export function ConverterResults({ converter }: { converter: Converter }) {
  const { state, hasTables } = converter;
  const { tables, invoice, lineItemsIndex, notice, exporting } = state;
  const others = tables
    .map((table, index) => ({ table, index }))
    .filter(({ index }) => index !== lineItemsIndex);
  return (
    <StyledResults aria-labelledby="converter-results-heading">
      <h3 id="converter-results-heading">Results</h3>
      {invoice && (
        <InvoiceResult
          invoice={invoice}
          lineItems={lineItemsIndex === null ? null : (tables[lineItemsIndex] ?? null)}
          onEditLineItem={(row, column, value) => {
            if (lineItemsIndex !== null) converter.editCell(lineItemsIndex, row, column, value);
          }}
        />
      )}
      {!hasTables && !invoice && <p>No tables were found in this file.</p>}
      {invoice && others.length > 0 && <h3>Other tables</h3>}
      {others.map(({ table, index }) => (
        <TableGrid
          key={index}
          table={table}
          caption={`Table ${String(index + 1)} (page ${String(table.page)})`}
          onEdit={(row, column, value) => converter.editCell(index, row, column, value)}
        />
      ))}
      {hasTables && (
        <StyledActions>
          <Button onClick={() => converter.download('csv')} disabled={exporting}>
            Download CSV
          </Button>
          <Button onClick={() => converter.download('xlsx')} disabled={exporting}>
            Download XLSX
          </Button>
          <Button variant="secondary" onClick={converter.copy}>
            Copy as tab-separated text
          </Button>
        </StyledActions>
      )}
      {notice && (
        <StyledNotice
          $error={notice.kind === 'error'}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </StyledNotice>
      )}
    </StyledResults>
  );
}
