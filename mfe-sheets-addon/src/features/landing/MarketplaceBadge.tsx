import { platformConfig, tokens } from 'shared-ui';
import styled from 'styled-components';

const StyledBadge = styled.a`
  display: inline-flex;
  align-items: center;
  gap: ${tokens.space[3]};
  padding: ${tokens.space[2]} ${tokens.space[4]} ${tokens.space[2]} ${tokens.space[3]};
  color: ${tokens.color.text};
  background: ${tokens.color.bg};
  border: 1px solid ${tokens.color.text};
  border-radius: ${tokens.radius.md};
  text-decoration: none;
  line-height: 1.2;
  &:hover {
    background: ${tokens.color.surface};
  }
  svg {
    flex: none;
  }
  /* Colours from the theme: presentation attributes do not take CSS variables everywhere. */
  .sheet {
    fill: ${tokens.color.success};
  }
  .cells {
    fill: ${tokens.color.bg};
  }
  .rules {
    fill: none;
    stroke: ${tokens.color.success};
    stroke-width: 1.5;
  }
  small {
    display: block;
    font-size: 0.75rem;
    color: ${tokens.color.textMuted};
  }
  strong {
    display: block;
    font-size: 1rem;
  }
`;

/**
 * A sheet with its header row and a column of cells, drawn here (no marketplace artwork): the
 * badge's picture. Decorative; the badge's words name the link.
 */
function SheetIcon() {
  return (
    <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect className="sheet" x="4" y="2" width="24" height="28" rx="3" />
      <rect className="cells" x="8" y="9" width="16" height="15" rx="1" />
      <path className="rules" d="M8 14h16M8 19h16M14 9v15" />
    </svg>
  );
}

/** 'Available in Google Workspace Marketplace', linking to the add-on's configured listing. */
export function MarketplaceBadge() {
  return (
    <StyledBadge href={platformConfig().addonListingUrl} target="_blank" rel="noopener noreferrer">
      <SheetIcon />
      <span>
        <small>Available in</small>
        <strong>Google Workspace Marketplace</strong>
        <span className="visually-hidden"> (opens in a new tab)</span>
      </span>
    </StyledBadge>
  );
}
