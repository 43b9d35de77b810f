import { Button, CarryLink, startLogin, startPricingLogin, toast, useSession } from 'shared-ui';
import { useLocation } from 'react-router-dom';

const PRICING_PATHS = new Set(['/pricing', '/sheets-extension-pricing']);

type Props = {
  accountPath: string;
  /** What a signed-out visitor sees instead of Login on pages that are not landings. */
  signedOutLink?: { label: string; to: string };
};

/** Login, or 'Hello, <name>' linking to the account; nothing while the session is unknown. */
export function SessionControl({ accountPath, signedOutLink }: Props) {
  const user = useSession();
  const location = useLocation();
  if (user === undefined) return null;
  if (user) {
    return (
      <CarryLink to={accountPath} aria-label={`Account: Hello, ${user.name}`}>
        Hello, {user.name}
      </CarryLink>
    );
  }
  if (signedOutLink) return <CarryLink to={signedOutLink.to}>{signedOutLink.label}</CarryLink>;
  const login = () => {
    // Pricing pages return through set-redirect, the others through `state` (spec §7).
    const returnTo = `${location.pathname}${location.search}`;
    const begin = PRICING_PATHS.has(location.pathname) ? startPricingLogin : startLogin;
    begin(returnTo).catch((error: unknown) => {
      // Login failures are logged (spec §8); the toast says what the visitor can do.
      console.error('login failed', error);
      toast.error('Sign-in is not available right now. Please try again later.');
    });
  };
  return <Button onClick={login}>Login</Button>;
}
