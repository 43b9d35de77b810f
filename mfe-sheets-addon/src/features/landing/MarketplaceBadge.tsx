import { platformConfig, tokens } from 'shared-ui';
import { StoreBadge } from 'shared-ui/landing';
import styled from 'styled-components';

/* Colours from the theme: presentation attributes do not take CSS variables everywhere. */
const StyledIcon = styled.svg`
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
`;

/**
 * A sheet with its header row and a column of cells, drawn here (no marketplace artwork): the
 * badge's picture. Decorative; the badge's words name the link.
 */
function SheetIcon() {
  return (
    <StyledIcon width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect className="sheet" x="4" y="2" width="24" height="28" rx="3" />
      <rect className="cells" x="8" y="9" width="16" height="15" rx="1" />
      <path className="rules" d="M8 14h16M8 19h16M14 9v15" />
    </StyledIcon>
  );
}

/** 'Available in Google Workspace Marketplace', linking to the add-on's configured listing. */
export function MarketplaceBadge() {
  return (
    <StoreBadge
      href={platformConfig().addonListingUrl}
      icon={<SheetIcon />}
      lead="Available in"
      store="Google Workspace Marketplace"
    />
  );
}
