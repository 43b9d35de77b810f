import { Button, CarryLink, keptPlace, loginFromHere, useSession } from 'shared-ui';
import { useLocation } from 'react-router-dom';

type Props = {
  accountPath: string;
  /** What a signed-out visitor sees instead of Login on pages that are not landings. */
  signedOutLink?: { label: string; to: string };
};

/**
 * Login, or 'Hello, <name>' linking to the account. While the session is unknown (and in the
 * prerendered page), an invisible Login keeps its place, so the navbar does not change height
 * when the answer comes.
 */
export function SessionControl({ accountPath, signedOutLink }: Props) {
  const user = useSession();
  const location = useLocation();
  if (user === undefined) {
    return <Button {...keptPlace(true)}>Login</Button>;
  }
  if (user) {
    return (
      <>
        {user.roles?.includes('support') && <CarryLink to="/support">Support inbox</CarryLink>}
        <CarryLink to={accountPath} aria-label={`Account: Hello, ${user.name}`}>
          Hello, {user.name}
        </CarryLink>
      </>
    );
  }
  if (signedOutLink) return <CarryLink to={signedOutLink.to}>{signedOutLink.label}</CarryLink>;
  return <Button onClick={() => loginFromHere(location)}>Login</Button>;
}
