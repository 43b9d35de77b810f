import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadClassifier, type Classifier } from './load-classifier';
import { LiveDemo, splitComments } from './LiveDemo';
import { SAMPLE_THREAD } from './sample-thread';

// The real classifier (sentiment-classifier's sources, wink's model) runs in these tests.

/** The sample thread's comments that a reader calls positive (written with the thread). */
const KNOWN_POSITIVE = ['c01', 'c04', 'c06', 'c07', 'c09', 'c11', 'c13', 'c16', 'c18', 'c20'];
/** Complaints and plain questions or remarks: never highlighted, at any strictness. */
const NEVER_POSITIVE = ['c02', 'c03', 'c05', 'c08', 'c10', 'c14', 'c19'];

const textOf = (id: string) => SAMPLE_THREAD.comments.find((c) => c.id === id)?.text ?? '';

function sampleList() {
  return screen.getByRole('list', { name: /^Sample thread/ });
}
/** The list's comments, in the order shown: their text and whether they are marked positive. */
function shown(list: HTMLElement) {
  return within(list)
    .getAllByRole('listitem')
    .map((item) => ({
      text: item.querySelector('p')?.textContent ?? '',
      positive: within(item).queryByText('Positive') !== null,
    }));
}
const highlighted = (list: HTMLElement) =>
  shown(list)
    .filter((c) => c.positive)
    .map((c) => c.text);

async function renderReady(load?: () => Promise<Classifier>) {
  render(<LiveDemo {...(load ? { load } : {})} />);
  return screen.findByRole('list', { name: /^Sample thread/ }, { timeout: 10_000 });
}

describe('LiveDemo loading', () => {
  it('says the classifier is loading until it has loaded, then shows the thread', async () => {
    let resolve: (classifier: Classifier) => void = () => undefined;
    const load = jest.fn(() => new Promise<Classifier>((r) => (resolve = r)));
    render(<LiveDemo load={load} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the classifier');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    const classifier = await loadClassifier();
    await act(() => Promise.resolve(resolve(classifier)));
    expect(screen.queryByText(/Loading the classifier/)).not.toBeInTheDocument();
    expect(sampleList()).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fetches the classifier only once the demo comes near the viewport', async () => {
    // A stand-in IntersectionObserver that reports an intersection on request.
    let report: (isIntersecting: boolean) => void = () => undefined;
    const observed: Element[] = [];
    class StandInObserver {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        report = (isIntersecting) => callback([{ isIntersecting }]);
      }
      observe(element: Element) {
        observed.push(element);
      }
      disconnect() {}
    }
    Object.assign(globalThis, { IntersectionObserver: StandInObserver });
    try {
      const load = jest.fn(loadClassifier);
      render(<LiveDemo load={load} />);
      expect(observed).toEqual([document.getElementById('demo')]);
      act(() => report(false));
      expect(load).not.toHaveBeenCalled();
      expect(screen.getByRole('status')).toHaveTextContent('Loading the classifier');
      act(() => report(true));
      expect(await screen.findByRole('list', { name: /^Sample thread/ })).toBeInTheDocument();
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    }
  });

  it('says clearly when the classifier cannot load, and tries again on request', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = jest
      .fn<Promise<Classifier>, []>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockImplementation(loadClassifier);
    render(<LiveDemo load={load} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The demo’s classifier could not be loaded (Failed to fetch dynamically imported module). Check your connection and try again.',
    );
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('The comment classifier could not load', expect.any(Error));
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: /^Sample thread/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});

describe('LiveDemo on the sample thread', () => {
  it('shows every comment of the thread, titled by its video', async () => {
    const list = await renderReady();
    expect(
      screen.getByRole('heading', {
        name: 'Sample thread: “Fixing squeaky disc brakes in 10 minutes” (Back Lane Bikes)',
      }),
    ).toBeInTheDocument();
    expect(shown(list).map((c) => c.text)).toEqual(SAMPLE_THREAD.comments.map((c) => c.text));
    expect(SAMPLE_THREAD.comments.length).toBeGreaterThanOrEqual(18);
  });

  it('highlights the positive comments at Balanced, with a label and an icon, not colour alone', async () => {
    const list = await renderReady();
    expect(screen.getByRole('radio', { name: /^Balanced/ })).toBeChecked();
    expect(highlighted(list)).toEqual(KNOWN_POSITIVE.map(textOf));
    const first = within(list).getAllByRole('listitem')[0] as HTMLElement;
    const label = within(first).getByText('Positive');
    expect(label.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(within(list.parentElement as HTMLElement).getByRole('status')).toHaveTextContent(
      `${String(KNOWN_POSITIVE.length)} of ${String(SAMPLE_THREAD.comments.length)} comments highlighted as positive.`,
    );
  });

  it('changes the highlighted set with the strictness, from the keyboard', async () => {
    const user = userEvent.setup();
    const list = await renderReady();
    const balanced = highlighted(list);
    const group = screen.getByRole('group', { name: 'Strictness' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['relaxed', 'balanced', 'strict']);
    screen.getByRole('radio', { name: /^Balanced/ }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: /^Strict/ })).toBeChecked();
    const strict = highlighted(list);
    // Strict keeps the enthusiastic ones and drops the merely positive ones.
    expect(strict).toEqual(expect.arrayContaining([textOf('c04'), textOf('c13')]));
    expect(strict).not.toContain(textOf('c07'));
    expect(strict.length).toBeLessThan(balanced.length);
    expect(balanced).toEqual(expect.arrayContaining(strict));

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: /^Relaxed/ })).toBeChecked();
    const relaxed = highlighted(list);
    expect(relaxed).toContain(textOf('c15'));
    expect(relaxed.length).toBeGreaterThan(balanced.length);
    expect(relaxed).toEqual(expect.arrayContaining(balanced));
    for (const id of NEVER_POSITIVE) expect(relaxed).not.toContain(textOf(id));
  });

  it("puts the positive comments first with 'Positive first', each group in the thread's order", async () => {
    const list = await renderReady();
    const inThread = shown(list);
    const toggle = screen.getByRole('checkbox', { name: 'Positive first' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    const ordered = shown(list);
    expect(ordered).toEqual([
      ...inThread.filter((c) => c.positive),
      ...inThread.filter((c) => !c.positive),
    ]);
    expect(ordered.map((c) => c.text)).not.toEqual(inThread.map((c) => c.text));
    expect(ordered.slice(0, KNOWN_POSITIVE.length).every((c) => c.positive)).toBe(true);
    await userEvent.click(toggle);
    expect(shown(list)).toEqual(inThread);
  });
});

describe('LiveDemo with pasted comments', () => {
  it('classifies comments pasted one a line, with the same controls', async () => {
    const user = userEvent.setup();
    await renderReady();
    expect(screen.queryByRole('list', { name: 'Your comments' })).not.toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Paste your own comments' });
    expect(box).toHaveAccessibleDescription(
      'One comment per line. They are read here, in your browser, and sent nowhere.',
    );
    await user.click(box);
    await user.paste('The ending made me cry\n\n  Absolutely loved it, thank you!  \nThanks');
    const own = screen.getByRole('list', { name: 'Your comments' });
    expect(shown(own)).toEqual([
      { text: 'The ending made me cry', positive: false },
      { text: 'Absolutely loved it, thank you!', positive: true },
      { text: 'Thanks', positive: true },
    ]);
    expect(within(own.parentElement as HTMLElement).getByRole('status')).toHaveTextContent(
      '2 of 3 comments highlighted as positive.',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Positive first' }));
    expect(shown(own).map((c) => c.text)).toEqual([
      'Absolutely loved it, thank you!',
      'Thanks',
      'The ending made me cry',
    ]);
    await user.click(screen.getByRole('radio', { name: /^Strict/ }));
    expect(highlighted(own)).toEqual(['Absolutely loved it, thank you!']);
  });

  it('splits on line breaks and drops blank lines', () => {
    expect(splitComments(' one \r\n\r\ntwo\n\n').map((c) => c.text)).toEqual(['one', 'two']);
    expect(splitComments('   \n')).toEqual([]);
  });
});

describe('LiveDemo attribution', () => {
  it("credits the classifier's model and word lists with their licences", async () => {
    await renderReady();
    const credits = screen.getByRole('region', { name: 'Where the classifier’s words come from' });
    const link = (name: string) => within(credits).getByRole('link', { name });
    expect(link('AFINN-165 (word list, as adapted in the wink model)')).toHaveAttribute(
      'href',
      'https://github.com/fnielsen/afinn',
    );
    expect(link('Open Database License 1.0')).toHaveAttribute(
      'href',
      'https://opendatacommons.org/licenses/odbl/1-0/',
    );
    expect(credits).toHaveTextContent('Emoji Sentiment Ranking 1.0');
    expect(link('CC BY-SA 4.0')).toHaveAttribute(
      'href',
      'https://creativecommons.org/licenses/by-sa/4.0/',
    );
    expect(credits).toHaveTextContent('wink-nlp 2.4.0 and wink-eng-lite-web-model 1.8.1');
    expect(link('MIT License')).toHaveAttribute('href', 'https://opensource.org/license/mit');
    expect(credits).toHaveTextContent(
      'The model’s word list is adapted from AFINN-165 and its emoji scores from Emoji Sentiment Ranking',
    );
  });
});
