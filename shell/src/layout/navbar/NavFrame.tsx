import { useId, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import {
  carryQuery,
  CarryLink,
  MOBILE_BREAKPOINT_PX,
  openFeedbackPopup,
  reportingErrors,
  tokens,
  track,
} from 'shared-ui';
import styled from 'styled-components';
import type { NavItem } from './nav-items';

const mobile = `@media (max-width: ${MOBILE_BREAKPOINT_PX}px)`;

const StyledHeader = styled.header`
  border-bottom: 1px solid ${tokens.color.border};
  background: ${tokens.color.bg};
`;
const StyledNav = styled.nav`
  max-width: ${tokens.layout.maxContent};
  margin: 0 auto;
  padding: ${tokens.space[3]} ${tokens.space[4]};
  display: flex;
  align-items: center;
  gap: ${tokens.space[4]};
`;
const StyledBrand = styled(CarryLink)`
  font-weight: 700;
  font-size: 1.2rem;
  text-decoration: none;
  color: ${tokens.color.text};
  margin-right: auto;
`;
const StyledList = styled.ul`
  display: flex;
  align-items: center;
  gap: ${tokens.space[4]};
  list-style: none;
  margin: 0;
  padding: 0;
  ${mobile} {
    display: none;
  }
`;
const StyledItemLink = styled(CarryLink)`
  color: ${tokens.color.text};
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
`;
const StyledPlainButton = styled.button`
  font: inherit;
  background: none;
  border: none;
  padding: 0;
  cursor: pointer;
  color: ${tokens.color.text};
`;
const StyledBurger = styled.button`
  display: none;
  font: inherit;
  font-size: 1.5rem;
  background: none;
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.sm};
  padding: 0 ${tokens.space[2]};
  cursor: pointer;
  ${mobile} {
    display: block;
  }
`;
const StyledMobileMenu = styled.ul`
  list-style: none;
  margin: 0;
  padding: ${tokens.space[2]} ${tokens.space[4]} ${tokens.space[4]};
  display: flex;
  flex-direction: column;
  gap: ${tokens.space[3]};
  border-top: 1px solid ${tokens.color.border};
`;

/** A navbar item's click, with its errors logged and reported as 'navbar:<label>' (spec §8). */
const navbarAction = (item: NavItem) =>
  reportingErrors(`navbar:${item.label}`, () => {
    if (item.kind === 'feedback') openFeedbackPopup();
    else if (item.event) track(item.event);
  });

function Item({ item }: { item: NavItem }) {
  const location = useLocation();
  switch (item.kind) {
    case 'link':
      return (
        <StyledItemLink to={item.to} onClick={navbarAction(item)}>
          {item.label}
        </StyledItemLink>
      );
    case 'external':
      return (
        // A path of this site keeps aff like every internal link; an external URL is untouched.
        <a
          href={carryQuery(item.href, location)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={navbarAction(item)}
        >
          {item.label}
        </a>
      );
    case 'feedback':
      return <StyledPlainButton onClick={navbarAction(item)}>{item.label}</StyledPlainButton>;
  }
}

type Props = {
  label: string;
  brand: { label: string; to: string };
  desktopItems: NavItem[];
  mobileItems: NavItem[];
  session: ReactNode;
};

/** A navbar: brand, items, session control, and a hamburger menu on narrow screens. */
export function NavFrame({ label, brand, desktopItems, mobileItems, session }: Props) {
  // The menu closes by itself on navigation: it is open only for the location it was opened at.
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const menuId = useId();

  return (
    <StyledHeader>
      <StyledNav aria-label={label}>
        <StyledBrand to={brand.to} aria-label={`${brand.label} home`}>
          {brand.label}
        </StyledBrand>
        <StyledList>
          {desktopItems.map((item) => (
            <li key={item.label}>
              <Item item={item} />
            </li>
          ))}
        </StyledList>
        {session}
        <StyledBurger
          type="button"
          aria-label="Menu"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={reportingErrors('navbar:Menu', () => setOpenAt(open ? null : location.key))}
        >
          ☰
        </StyledBurger>
      </StyledNav>
      {open && (
        <StyledMobileMenu id={menuId} aria-label={`${label} menu`}>
          {mobileItems.map((item) => (
            <li key={item.label}>
              <Item item={item} />
            </li>
          ))}
        </StyledMobileMenu>
      )}
    </StyledHeader>
  );
}
