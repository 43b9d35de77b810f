import styled from 'styled-components';
import { tokens } from '../theme/tokens';

const StyledPage = styled.section`
  max-width: ${tokens.layout.maxContent};
  margin: 0 auto;
  padding: ${tokens.space[8]} ${tokens.space[4]};
`;

/** The honest placeholder for a route whose page is not built yet. */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <StyledPage aria-labelledby="under-construction-title">
      <h1 id="under-construction-title">{title}</h1>
      <p>This page is under construction. Nothing on it works yet; please check back soon.</p>
    </StyledPage>
  );
}
