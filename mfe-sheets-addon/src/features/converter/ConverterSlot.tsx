import { useSession } from 'shared-ui';
import { ConverterTool } from './ConverterTool';

/** The converter where the landing offers it: for a signed-in person only (the API needs one). */
export function ConverterSlot() {
  const user = useSession();
  return user ? <ConverterTool user={user} /> : null;
}
