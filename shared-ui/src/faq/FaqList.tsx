import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { CarryLink } from '../links/CarryLink';
import { cssVar } from '../theme/css-var';

/** A paragraph, or numbered steps. */
export type FaqBlock = string | { steps: readonly string[] };

/** A link under an answer: a page of this site, or the product's store listing (listingUrl). */
export type FaqLink = { label: string; to: string } | { label: string; listing: true };

export type FaqItem = {
  /** The item's anchor: <page>#<id> opens it. */
  id: string;
  question: string;
  answer: readonly FaqBlock[];
  links?: readonly FaqLink[];
};

const StyledList = styled.div`
  display: flex;
  flex-direction: column;
  border-top: 1px solid ${cssVar('--color-border')};
`;
const StyledItem = styled.div`
  border-bottom: 1px solid ${cssVar('--color-border')};
  h2,
  h3 {
    margin: 0;
    font-size: 1.05rem;
  }
`;
const StyledQuestion = styled.button`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: ${cssVar('--space-3')};
  width: 100%;
  padding: ${cssVar('--space-4')} 0;
  font: inherit;
  font-weight: 600;
  text-align: left;
  color: ${cssVar('--color-text')};
  background: none;
  border: none;
  cursor: pointer;
  &::after {
    content: '+';
    flex: none;
    font-size: 1.3rem;
    line-height: 1;
    color: ${cssVar('--color-primary')};
  }
  &[aria-expanded='true']::after {
    content: '−';
  }
`;
const StyledAnswer = styled.div`
  padding: 0 0 ${cssVar('--space-4')};
  p,
  ol {
    margin: 0 0 ${cssVar('--space-3')};
  }
  ol {
    padding-left: 1.2rem;
  }
`;

function Block({ block }: { block: FaqBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  return (
    <ol>
      {block.steps.map((step) => (
        <li key={step}>{step}</li>
      ))}
    </ol>
  );
}

function Link({ link, listingUrl }: { link: FaqLink; listingUrl: string | undefined }) {
  if ('listing' in link) {
    if (listingUrl === undefined) return null;
    return (
      <a href={listingUrl} target="_blank" rel="noopener noreferrer">
        {link.label}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return <CarryLink to={link.to}>{link.label}</CarryLink>;
}

type Props = {
  items: readonly FaqItem[];
  /** The questions' heading level, one below the section or page they are in. */
  headingLevel: 2 | 3;
  /** Where a `listing` link goes (the add-on's marketplace or the extension's store listing). */
  listingUrl?: string;
};

/**
 * Questions as disclosure buttons (aria-expanded, the answer's id in aria-controls); each item's
 * id is its anchor, and the item the URL's hash names starts open. Used by the add-on's and the
 * comment filter's pages.
 */
export function FaqList({ items, headingLevel, listingUrl }: Props) {
  const { hash } = useLocation();
  // What the person opened or closed; an item they have not touched is open when the hash names it.
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const Heading = `h${String(headingLevel)}` as 'h2' | 'h3';
  return (
    <StyledList>
      {items.map((item) => {
        const open = toggled[item.id] ?? hash === `#${item.id}`;
        const answerId = `${item.id}-answer`;
        return (
          <StyledItem key={item.id} id={item.id}>
            <Heading>
              <StyledQuestion
                type="button"
                aria-expanded={open}
                aria-controls={answerId}
                onClick={() => setToggled((current) => ({ ...current, [item.id]: !open }))}
              >
                {item.question}
              </StyledQuestion>
            </Heading>
            <StyledAnswer id={answerId} hidden={!open}>
              {item.answer.map((block, index) => (
                <Block key={index} block={block} />
              ))}
              {item.links?.map((link) => (
                <p key={link.label}>
                  <Link link={link} listingUrl={listingUrl} />
                </p>
              ))}
            </StyledAnswer>
          </StyledItem>
        );
      })}
    </StyledList>
  );
}
