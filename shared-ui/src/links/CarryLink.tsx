import { forwardRef, useCallback } from 'react';
import {
  Link,
  useLocation,
  useNavigate,
  type LinkProps,
  type NavigateOptions,
} from 'react-router-dom';
import { reportError } from '../errors/report-error';
import { carryQuery } from './carry-query';

export type CarryLinkProps = Omit<LinkProps, 'to'> & { to: string };

/** A router link that carries aff / sourceId / linkId / tenantId / the add-on suffix. */
export const CarryLink = forwardRef<HTMLAnchorElement, CarryLinkProps>(function CarryLink(
  { to, ...rest },
  ref,
) {
  const location = useLocation();
  return <Link ref={ref} to={carryQuery(to, location)} {...rest} />;
});

/**
 * navigate() that carries the same parameters as CarryLink. A failed navigation is only logged
 * and reported, under the action 'navigation' (spec §8).
 */
export function useCarryingNavigate(): (to: string, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (to: string, options?: NavigateOptions) => {
      try {
        const done = navigate(carryQuery(to, location), options);
        if (done instanceof Promise) {
          done.catch((error: unknown) => reportError(error, { action: 'navigation' }));
        }
      } catch (error) {
        reportError(error, { action: 'navigation' });
      }
    },
    [navigate, location],
  );
}
