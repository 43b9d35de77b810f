import { forwardRef, useCallback } from 'react';
import {
  Link,
  useLocation,
  useNavigate,
  type LinkProps,
  type NavigateOptions,
} from 'react-router-dom';
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

/** navigate() that carries the same parameters as CarryLink. */
export function useCarryingNavigate(): (to: string, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (to: string, options?: NavigateOptions) => {
      void navigate(carryQuery(to, location), options);
    },
    [navigate, location],
  );
}
