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

const StyledActions = styled.div`
  display: flex;
  gap: ${tokens.space[4]};
  align-items: center;
  margin-top: ${tokens.space[6]};
`;

/**
 * 'Account Information': who is signed in, 'Need Help ?' and 'Logout'. The Profile Details and
 * Billing Details tabs come with the billing work and say so until then.
 */
export function AccountPage({ helpPath }: { helpPath: string }) {
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
        <p>
          <strong>Name:</strong> {user.name}
        </p>
        <p>
          <strong>Email:</strong> {user.email}
        </p>
        <p>
          <strong>Plan:</strong> {user.planType}
        </p>
        <p>Profile Details and Billing Details are under construction.</p>
      </Card>
      <StyledActions>
        <CarryLink to={helpPath}>Need Help ?</CarryLink>
        {user.roles?.includes('support') && <CarryLink to="/support">Support inbox</CarryLink>}
        <Button variant="secondary" onClick={logout}>
          Logout
        </Button>
      </StyledActions>
    </PageSection>
  );
}
