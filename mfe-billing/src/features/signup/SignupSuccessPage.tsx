import { useEffect, useRef, useState } from 'react';
import {
  browserNavigation,
  PageSection,
  platformConfig,
  trackSignupConversion,
  useSession,
} from 'shared-ui';

export const SIGNUP_REDIRECT_SECONDS = 4;

/** Greets the new user, reports the ad conversion once, then goes to the add-on listing after 4 s. */
export function SignupSuccessPage() {
  const user = useSession();
  const [secondsLeft, setSecondsLeft] = useState(SIGNUP_REDIRECT_SECONDS);
  const reported = useRef(false);

  useEffect(() => {
    if (reported.current) return;
    reported.current = true;
    trackSignupConversion();
  }, []);

  useEffect(() => {
    if (secondsLeft <= 0) {
      browserNavigation.assign(platformConfig().addonListingUrl);
      return undefined;
    }
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  return (
    <PageSection width="narrow" align="center" aria-labelledby="signup-title">
      <h1 id="signup-title">{user ? `Welcome, ${user.name}!` : 'Welcome!'}</h1>
      <p>Your account is ready.</p>
      <p role="status">
        Taking you to the add-on in {secondsLeft} second{secondsLeft === 1 ? '' : 's'}…
      </p>
      <p>
        <a href={platformConfig().addonListingUrl}>Go now</a>
      </p>
    </PageSection>
  );
}
