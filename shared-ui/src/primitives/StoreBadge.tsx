import type { ReactNode } from 'react';
import styled from 'styled-components';
import { cssVar } from '../theme/css-var';

const StyledBadge = styled.a`
  display: inline-flex;
  align-items: center;
  gap: ${cssVar('--space-3')};
  padding: ${cssVar('--space-2')} ${cssVar('--space-4')} ${cssVar('--space-2')}
    ${cssVar('--space-3')};
  color: ${cssVar('--color-text')};
  background: ${cssVar('--color-bg')};
  border: 1px solid ${cssVar('--color-text')};
  border-radius: ${cssVar('--radius-md')};
  text-decoration: none;
  line-height: 1.2;
  &:hover {
    background: ${cssVar('--color-surface')};
  }
  svg {
    flex: none;
  }
  small {
    display: block;
    font-size: 0.75rem;
    color: ${cssVar('--color-text-muted')};
  }
  strong {
    display: block;
    font-size: 1rem;
  }
`;

export type StoreBadgeProps = {
  /** The product's listing in its store (from the platform's configuration). */
  href: string;
  /** A picture drawn in the repo (no store artwork), hidden from screen readers. */
  icon: ReactNode;
  /** The small line above the store's name, e.g. 'Available in'. */
  lead: string;
  /** The store's name. */
  store: string;
};

/**
 * 'Available in <store>': a badge linking to a product's store listing in a new tab; its words
 * name the link. The add-on's marketplace badge and the comment filter's store badge.
 */
export function StoreBadge({ href, icon, lead, store }: StoreBadgeProps) {
  return (
    <StyledBadge href={href} target="_blank" rel="noopener noreferrer">
      {icon}
      <span>
        <small>{lead}</small>
        <strong>{store}</strong>
        <span className="visually-hidden"> (opens in a new tab)</span>
      </span>
    </StyledBadge>
  );
}
