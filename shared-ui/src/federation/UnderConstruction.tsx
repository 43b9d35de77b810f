import { PageSection } from '../primitives/PageSection';

/** The honest placeholder for a route whose page is not built yet. */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <PageSection aria-labelledby="under-construction-title">
      <h1 id="under-construction-title">{title}</h1>
      <p>This page is under construction. Nothing on it works yet; please check back soon.</p>
    </PageSection>
  );
}
