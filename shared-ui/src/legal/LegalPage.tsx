import { useId, type ReactNode } from 'react';
import { PageSection } from '../primitives/PageSection';

export type LegalPageProps = {
  title: string;
  /** As the page prints it, e.g. 'July 30, 2025'. */
  lastUpdated: string;
  children: ReactNode;
};

/** The layout of every product's terms and privacy pages: title, date, then the sections. */
export function LegalPage({ title, lastUpdated, children }: LegalPageProps) {
  const titleId = useId();
  return (
    <PageSection as="article" width="prose" aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      <p>
        <em>Last updated: {lastUpdated}</em>
      </p>
      {children}
    </PageSection>
  );
}
