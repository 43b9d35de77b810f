import { useId } from 'react';
import type { TablesMode } from 'contracts';
import { tokens } from 'shared-ui';
import styled from 'styled-components';
import type { PageChoice } from '../converter-state';

const StyledOptions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${tokens.space[4]};
  fieldset {
    display: grid;
    align-content: start;
    gap: ${tokens.space[2]};
    border: 1px solid ${tokens.color.border};
    border-radius: ${tokens.radius.sm};
    padding: ${tokens.space[3]};
    margin: 0;
  }
  legend {
    font-weight: 600;
  }
  input[type='number'] {
    width: 5rem;
  }
`;
const StyledProblem = styled.p`
  margin: 0;
  color: ${tokens.color.error};
`;

export type ConverterOptionsProps = {
  isPdf: boolean;
  pageChoice: PageChoice;
  pageText: string;
  firstText: string;
  lastText: string;
  pagesProblem: string | null;
  mode: TablesMode;
  disabled: boolean;
  onPageChoice: (choice: PageChoice) => void;
  onPageText: (field: 'page' | 'first' | 'last', text: string) => void;
  onMode: (mode: TablesMode) => void;
};

/** Which pages of a PDF to read (all, one, a range) and whether to read tables or an invoice. */
export function ConverterOptions(props: ConverterOptionsProps) {
  const { isPdf, pageChoice, pagesProblem, mode, disabled } = props;
  const name = useId();
  const problemId = useId();
  const number = (field: 'page' | 'first' | 'last', label: string, value: string) => (
    <label>
      {label}{' '}
      <input
        type="number"
        inputMode="numeric"
        min={1}
        value={value}
        disabled={disabled}
        aria-invalid={pagesProblem !== null}
        aria-describedby={pagesProblem ? problemId : undefined}
        onChange={(event) => props.onPageText(field, event.target.value)}
      />
    </label>
  );
  const radio = (choice: PageChoice, label: string) => (
    <label>
      <input
        type="radio"
        name={`${name}-pages`}
        checked={pageChoice === choice}
        disabled={disabled}
        onChange={() => props.onPageChoice(choice)}
      />{' '}
      {label}
    </label>
  );
  return (
    <StyledOptions>
      {isPdf && (
        <fieldset>
          <legend>Pages</legend>
          {radio('all', 'All pages')}
          {radio('one', 'One page')}
          {pageChoice === 'one' && number('page', 'Page', props.pageText)}
          {radio('range', 'A range of pages')}
          {pageChoice === 'range' && (
            <span>
              {number('first', 'From page', props.firstText)}{' '}
              {number('last', 'to page', props.lastText)}
            </span>
          )}
          {pagesProblem && <StyledProblem id={problemId}>{pagesProblem}</StyledProblem>}
        </fieldset>
      )}
      <fieldset>
        <legend>Read</legend>
        <label>
          <input
            type="radio"
            name={`${name}-mode`}
            checked={mode === 'tables'}
            disabled={disabled}
            onChange={() => props.onMode('tables')}
          />{' '}
          Tables
        </label>
        <label>
          <input
            type="radio"
            name={`${name}-mode`}
            checked={mode === 'invoice'}
            disabled={disabled}
            onChange={() => props.onMode('invoice')}
          />{' '}
          Invoice (fields, line items and totals)
        </label>
      </fieldset>
    </StyledOptions>
  );
}
