import type { ComponentPropsWithoutRef } from 'react';
import styled from 'styled-components';
import { tokens } from '../theme/tokens';

// The container every page puts its content in: centred, at most one of the widths the pages
// use, with the page's padding. One place, so that pages of different remotes line up.

/**
 * form: one-column forms (640px); narrow: account and short messages (720px); prose: long
 * reading text such as the legal pages (760px, taller lines); medium: lists (960px);
 * wide: the site's content width.
 */
export type PageWidth = 'form' | 'narrow' | 'prose' | 'medium' | 'wide';
/** normal: the standard page padding; compact: less above and below, for landings. */
export type PageSpacing = 'normal' | 'compact';

const MAX_WIDTH: Record<PageWidth, string> = {
  form: '640px',
  narrow: '720px',
  prose: '760px',
  medium: '960px',
  wide: tokens.layout.maxContent,
};

type StyleProps = { $width: PageWidth; $spacing: PageSpacing; $center: boolean };

const StyledPageSection = styled.section<StyleProps>`
  max-width: ${({ $width }) => MAX_WIDTH[$width]};
  margin: 0 auto;
  padding: ${({ $spacing }) => ($spacing === 'compact' ? tokens.space[6] : tokens.space[8])}
    ${tokens.space[4]};
  ${({ $width }) => ($width === 'prose' ? 'line-height: 1.6;' : '')}
  ${({ $center }) => ($center ? 'text-align: center;' : '')}
`;

export type PageSectionProps = ComponentPropsWithoutRef<'section'> & {
  /** The element: a section by default (name it with aria-labelledby). */
  as?: 'section' | 'main' | 'article' | 'div';
  width?: PageWidth;
  spacing?: PageSpacing;
  align?: 'start' | 'center';
};

export function PageSection({
  as = 'section',
  width = 'wide',
  spacing = 'normal',
  align = 'start',
  ...rest
}: PageSectionProps) {
  return (
    <StyledPageSection
      as={as}
      $width={width}
      $spacing={spacing}
      $center={align === 'center'}
      {...rest}
    />
  );
}
