import { CarryLink, openFeedbackPopup, tokens, type FooterVariant } from 'shared-ui';
import styled from 'styled-components';

const LINKS: Record<FooterVariant, { label: string; to: string }[]> = {
  main: [
    { label: 'Terms & Conditions', to: '/terms-of-service' },
    { label: 'Privacy Policy', to: '/privacy-policy' },
    { label: 'Contact Us', to: '/contact-us' },
  ],
  addon: [
    { label: 'Terms & Conditions', to: '/sheets-extension-terms-of-service' },
    { label: 'Privacy Policy', to: '/sheets-extension-privacy-policy' },
    { label: 'Contact Us', to: '/sheets-extension-contact-us' },
    { label: 'FAQ', to: '/sheets-extension-faq' },
  ],
};

const StyledFooter = styled.footer`
  border-top: 1px solid ${tokens.color.border};
  background: ${tokens.color.surface};
  margin-top: ${tokens.space[8]};
`;
const StyledInner = styled.div`
  max-width: ${tokens.layout.maxContent};
  margin: 0 auto;
  padding: ${tokens.space[6]} ${tokens.space[4]};
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${tokens.space[4]};
`;
const StyledFeedback = styled.button`
  font: inherit;
  margin-left: auto;
  cursor: pointer;
  background: ${tokens.color.bg};
  border: 1px solid ${tokens.color.primary};
  color: ${tokens.color.primary};
  border-radius: ${tokens.radius.sm};
  padding: ${tokens.space[1]} ${tokens.space[3]};
`;

export function Footer({ variant }: { variant: FooterVariant }) {
  return (
    <StyledFooter>
      <StyledInner>
        <nav aria-label="Footer">
          {LINKS[variant].map((link, index) => (
            <span key={link.to}>
              {index > 0 && ' · '}
              <CarryLink to={link.to}>{link.label}</CarryLink>
            </span>
          ))}
        </nav>
        <StyledFeedback type="button" onClick={openFeedbackPopup}>
          Feedback ?
        </StyledFeedback>
      </StyledInner>
    </StyledFooter>
  );
}
