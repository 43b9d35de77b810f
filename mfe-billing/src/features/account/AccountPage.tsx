import type { PublicUser } from 'contracts';
import {
  Button,
  Card,
  CarryLink,
  loginFromHere,
  logout,
  PageSection,
  tokens,
  useSession,
} from 'shared-ui';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { AddonBillingDetails, BillingDetails } from './BillingDetails';
import { ProfileDetails } from './ProfileDetails';
import { Tabs } from './Tabs';

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space[4]};
  align-items: center;
  margin-top: ${tokens.space[6]};
`;

export type AccountVariant = 'main' | 'addon';

const HELP_PATH: Record<AccountVariant, string> = {
  main: '/contact-us',
  addon: '/sheets-extension-contact-us',
};

function AccountTabs({ user, variant }: { user: PublicUser; variant: AccountVariant }) {
  // One 'now' per render: the display rules compare end dates with it.
  const now = new Date();
  return (
    <Tabs
      label="Account"
      // The add-on's account page opens on Billing Details (spec §2).
      initial={variant === 'addon' ? 'billing' : 'profile'}
      tabs={[
        { key: 'profile', label: 'Profile Details', panel: <ProfileDetails user={user} /> },
        {
          key: 'billing',
          label: 'Billing Details',
          panel:
            variant === 'addon' ? (
              <AddonBillingDetails user={user} now={now} />
            ) : (
              <BillingDetails user={user} now={now} />
            ),
        },
      ]}
    />
  );
}

/**
 * 'Account Information' (/user-account, /sheets-extension-user-account): the Profile Details and
 * Billing Details tabs, 'Need Help ?' and 'Logout'; a sign-in prompt for visitors.
 */
export function AccountPage({ variant }: { variant: AccountVariant }) {
  const user = useSession();
  const location = useLocation();

  if (user === undefined) {
    return (
      <PageSection width="narrow" aria-labelledby="account-title">
        <h1 id="account-title">Account Information</h1>
        <p role="status">Loading…</p>
      </PageSection>
    );
  }
  if (user === null) {
    return (
      <PageSection width="narrow" aria-labelledby="account-title">
        <h1 id="account-title">Account Information</h1>
        <p>Please log in to see your account.</p>
        <Button onClick={() => loginFromHere(location)}>Login</Button>
      </PageSection>
    );
  }
  return (
    <PageSection width="narrow" aria-labelledby="account-title">
      <h1 id="account-title">Account Information</h1>
      <Card>
        <AccountTabs user={user} variant={variant} />
      </Card>
      <StyledActions>
        <CarryLink to={HELP_PATH[variant]}>Need Help ?</CarryLink>
        {user.roles?.includes('support') && <CarryLink to="/support">Support inbox</CarryLink>}
        <Button variant="secondary" onClick={logout}>
          Logout
        </Button>
      </StyledActions>
    </PageSection>
  );
}
