import { platformConfig } from 'shared-ui';

/** The support e-mail address as a mailto link (runtime configuration `supportEmail`). */
export function SupportEmailLink() {
  const { supportEmail } = platformConfig();
  return <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
}
