import { cleanup, render } from '@testing-library/react';
import { PageMeta } from './PageMeta';

const descriptions = () =>
  Array.from(document.head.querySelectorAll<HTMLMetaElement>('meta[name="description"]')).map(
    (tag) => tag.content,
  );

/** The shell's index.html: a static title and description that a page without PageMeta keeps. */
function staticHead({ description = true } = {}) {
  document.head.innerHTML = `<title>Static title</title>${
    description ? '<meta name="description" content="Static description">' : ''
  }`;
}

describe('PageMeta', () => {
  afterEach(() => {
    // PageMeta gives the title back on unmount: unmount before emptying the head.
    cleanup();
    document.head.innerHTML = '';
  });

  it("sets the document's title and description while the page is shown", () => {
    staticHead();
    render(<PageMeta title="Add-on FAQ" description="Answers about the add-on." />);
    expect(document.title).toBe('Add-on FAQ');
    expect(descriptions()).toEqual(['Answers about the add-on.']);
  });

  it("follows the page's new title and description", () => {
    staticHead();
    const { rerender } = render(<PageMeta title="First" description="First description" />);
    rerender(<PageMeta title="Second" description="Second description" />);
    expect(document.title).toBe('Second');
    // No element of its own (the browser's React, Preact's, would leave a <title> in the body).
    expect(document.querySelectorAll('title')).toHaveLength(1);
    expect(descriptions()).toEqual(['Second description']);
  });

  it('gives the static title and description back when the page goes', () => {
    staticHead();
    const { unmount } = render(<PageMeta title="Add-on FAQ" description="Answers." />);
    unmount();
    expect(document.title).toBe('Static title');
    expect(document.querySelectorAll('title')).toHaveLength(1);
    expect(descriptions()).toEqual(['Static description']);
  });

  it("gives the next page's title when one page follows another", () => {
    staticHead();
    const { rerender } = render(<PageMeta key="faq" title="Add-on FAQ" description="Answers." />);
    rerender(<PageMeta key="terms" title="Terms" description="The terms." />);
    expect(document.title).toBe('Terms');
    cleanup();
    expect(document.title).toBe('Static title');
  });

  it('adds a description to a document without one, and removes it afterwards', () => {
    staticHead({ description: false });
    const { unmount } = render(<PageMeta title="Terms" description="The terms." />);
    expect(descriptions()).toEqual(['The terms.']);
    unmount();
    expect(descriptions()).toEqual([]);
  });
});
