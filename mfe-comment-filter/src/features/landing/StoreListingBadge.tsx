import { platformConfig, tokens } from 'shared-ui';
import { StoreBadge } from 'shared-ui/landing';
import styled from 'styled-components';

/* Colours from the theme: presentation attributes do not take CSS variables everywhere. */
const StyledIcon = styled.svg`
  .bubble {
    fill: ${tokens.color.primary};
  }
  .mark {
    fill: none;
    stroke: ${tokens.color.onPrimary};
    stroke-width: 2.5;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
`;

/**
 * A speech bubble holding a tick, drawn here (no store artwork): the badge's picture. Decorative;
 * the badge's words name the link.
 */
function CommentIcon() {
  return (
    <StyledIcon width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path
        className="bubble"
        d="M5 4h22a3 3 0 0 1 3 3v14a3 3 0 0 1-3 3H13l-7 6v-6H5a3 3 0 0 1-3-3V7a3 3 0 0 1 3-3z"
      />
      <path className="mark" d="M10 14.5l4 4 8-8" />
    </StyledIcon>
  );
}

/** 'Available in the Chrome Web Store', linking to the extension's configured listing. */
export function StoreListingBadge() {
  return (
    <StoreBadge
      href={platformConfig().commentFilterListingUrl}
      icon={<CommentIcon />}
      lead="Available in the"
      store="Chrome Web Store"
    />
  );
}
