import type { ReactNode } from 'react';
import { PageSection } from 'shared-ui';

export const LAST_UPDATED = 'July 30, 2025';

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageSection as="article" width="prose" aria-labelledby="legal-title">
      <h1 id="legal-title">{title}</h1>
      <p>
        <em>Last updated: {LAST_UPDATED}</em>
      </p>
      {children}
    </PageSection>
  );
}
