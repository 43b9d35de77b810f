import { useSession } from 'shared-ui';
import { NavFrame } from './NavFrame';
import { ADDON_HOME, addonDesktopItems, addonMobileItems } from './nav-items';
import { SessionControl } from './SessionControl';

export const ADDON_BRAND = 'PDF to Sheets';

export function AddonNavbar({ landing, hidePricing }: { landing: boolean; hidePricing: boolean }) {
  const user = useSession();
  return (
    <NavFrame
      label="Add-on"
      brand={{ label: ADDON_BRAND, to: ADDON_HOME }}
      desktopItems={addonDesktopItems(user, hidePricing)}
      mobileItems={addonMobileItems(user)}
      session={
        <SessionControl
          accountPath="/sheets-extension-user-account"
          {...(landing ? {} : { signedOutLink: { label: 'Home', to: ADDON_HOME } })}
        />
      }
    />
  );
}
