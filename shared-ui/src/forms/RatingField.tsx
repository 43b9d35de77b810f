import { useId } from 'react';
import styled from 'styled-components';
import { tokens } from '../theme/tokens';

export const RATINGS = [1, 2, 3, 4, 5] as const;
/** Spec §5's message for a form sent without a rating (the API answers the same). */
export const RATING_REQUIRED = 'Please select a rating';

const StyledRating = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0 0 ${tokens.space[4]};
  legend {
    padding: 0;
    margin-bottom: ${tokens.space[1]};
  }
  label {
    margin-right: ${tokens.space[3]};
  }
`;

const StyledMissing = styled.p`
  margin: ${tokens.space[1]} 0 0;
  color: ${tokens.color.error};
`;

type Props = { value: number | null; missing: boolean; onChange: (value: number) => void };

/**
 * A required rating from 1 to 5 (spec §3, §5). The form checks it itself, so that a missing one
 * is told in the spec's words ('Please select a rating') rather than the browser's.
 */
export function RatingField({ value, missing, onChange }: Props) {
  const messageId = useId();
  return (
    <StyledRating
      aria-invalid={missing || undefined}
      aria-describedby={missing ? messageId : undefined}
    >
      <legend>Your rating (1 to 5)</legend>
      {RATINGS.map((rating) => (
        <label key={rating}>
          <input
            type="radio"
            name="rating"
            value={rating}
            checked={value === rating}
            onChange={() => onChange(rating)}
          />{' '}
          {rating}
        </label>
      ))}
      {missing && (
        <StyledMissing id={messageId} role="alert">
          {RATING_REQUIRED}
        </StyledMissing>
      )}
    </StyledRating>
  );
}
