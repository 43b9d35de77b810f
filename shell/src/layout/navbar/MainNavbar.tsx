import { useSession } from 'shared-ui';
import { useRuntimeConfig } from '../../config/RuntimeConfigContext';
import { NavFrame } from './NavFrame';
import { mainDesktopItems, mainMobileItems } from './nav-items';
import { SessionControl } from './SessionControl';

export const MAIN_BRAND = 'Image to Text';

export function MainNavbar({ newUser, landing }: { newUser: boolean; landing: boolean }) {
  const user = useSession();
  const { affiliateSignupUrl } = useRuntimeConfig();
  const options = { user, newUser, landing, affiliateSignupUrl };
  return (
    <NavFrame
      label="Main"
      brand={{ label: MAIN_BRAND, to: '/' }}
      desktopItems={mainDesktopItems(options)}
      mobileItems={mainMobileItems(options)}
      session={newUser ? null : <SessionControl accountPath="/user-account" />}
    />
  );
}
