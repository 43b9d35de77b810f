import { useState } from 'react';
import { MOBILE_BREAKPOINT_PX, tokens, type User } from 'shared-ui';
import styled from 'styled-components';
import { PoweredBy } from '../../common/PoweredBy';
import { ExtractTool } from './ExtractTool';
import { pickHeadline } from './headlines';

const StyledBanner = styled.p`
  display: inline-block;
  background: ${tokens.color.surface};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.md};
  padding: ${tokens.space[1]} ${tokens.space[3]};
  font-weight: 600;
`;

const isMobile = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia(`(max-width: ${String(MOBILE_BREAKPOINT_PX)}px)`).matches;

/** The signed-in top of the home page: a headline, the plan, and the tool (spec §2). */
export function ToolSection({ user }: { user: User }) {
  const [headline] = useState(() => pickHeadline(isMobile()));
  const plan = user.isPremium
    ? user.planType === 'Lifetime'
      ? 'Lifetime plan'
      : user.planType
    : 'Try 5 extractions free';
  return (
    <section aria-labelledby="tool-title">
      <h1 id="tool-title">{headline}</h1>
      <StyledBanner>{plan}</StyledBanner>
      <ExtractTool user={user} />
      <PoweredBy />
    </section>
  );
}
