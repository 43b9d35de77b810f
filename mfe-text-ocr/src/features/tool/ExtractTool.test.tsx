import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { configureApi, toast, type User } from 'shared-ui';
import { ExtractTool } from './ExtractTool';

/** Answers a held request inside act, waiting for React to apply it. */
const settle = (release: (r: Response) => void, response: Response): Promise<void> => {
  release(response);
  return Promise.resolve();
};

jest.mock('./PdfPreview', () => ({
  PdfPreview: ({ page, name }: { page: number; name: string }) => (
    <p>
      PDF preview of {name}, page {page}
    </p>
  ),
}));
jest.mock('shared-ui', () => {
  const actual = jest.requireActual<typeof import('shared-ui')>('shared-ui');
  return {
    ...actual,
    toast: Object.assign(jest.fn(), { error: jest.fn() }),
    openFeedbackPopup: jest.fn(),
  };
});

const USER: User = {
  name: 'Ana',
  email: 'ana@example.com',
  googleId: 'g',
  isPremium: false,
  planType: 'Free user',
  isTextOcrFeedbackSubmitted: false,
};

type Handler = (body: Record<string, unknown>) => Response | Promise<Response>;

// GET /api/usage's answers, in turn (the last one repeats): a fresh free day by default.
const FRESH_DAY = { unlimited: false, day: '2026-11-26', limit: 5, used: 0, remaining: 5 };
let usageAnswers: unknown[] = [FRESH_DAY];

function api(extract: Handler) {
  const bodies: Record<string, unknown>[] = [];
  global.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString();
    const json = (value: unknown) => Promise.resolve(new Response(JSON.stringify(value)));
    if (url.endsWith('/api/session-init')) return json({ csrfToken: 't' });
    if (url.endsWith('/api/usage')) {
      const next = usageAnswers.length > 1 ? usageAnswers.shift() : usageAnswers[0];
      return next === 'failing' ? Promise.resolve(answer({}, 500)) : json(next);
    }
    if (url.endsWith('/api/languages')) {
      return json({
        languages: [
          { code: '', name: 'Original language', translatable: true },
          { code: 'es', name: 'Spanish', translatable: true },
          { code: 'it', name: 'Italian', translatable: true, via: 'es' },
          { code: 'ja', name: 'Japanese', translatable: false },
        ],
      });
    }
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<
      string,
      unknown
    >;
    bodies.push(body);
    return Promise.resolve(extract(body));
  }) as jest.Mock;
  return bodies;
}

const answer = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status });

const renderTool = (user: User = USER) =>
  render(
    <MemoryRouter initialEntries={['/?aff=x']}>
      <ExtractTool user={user} />
    </MemoryRouter>,
  );

const png = () =>
  new File([new Uint8Array([137, 80, 78, 71])], 'scan.final.png', { type: 'image/png' });

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});
beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test' });
  sessionStorage.clear();
  localStorage.clear();
  usageAnswers = [FRESH_DAY];
  (toast as unknown as jest.Mock).mockClear();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

async function choose(file = png()) {
  await userEvent.upload(screen.getByLabelText('Choose an image or PDF'), file);
  await screen.findByRole('img', { name: `Preview of ${file.name}` });
}

describe('ExtractTool', () => {
  it('enables Extract Text only with a file and without a fresh result; language changes re-enable it', async () => {
    api(() => answer({ extractedText: 'Hello world' }));
    renderTool();
    const extract = screen.getByRole('button', { name: 'Extract Text' });
    expect(extract).toBeDisabled();
    await choose();
    expect(extract).toBeEnabled();
    await userEvent.click(extract);
    expect(await screen.findByText('Hello world')).toBeInTheDocument();
    expect(extract).toBeDisabled();
    await screen.findByRole('option', { name: 'Spanish (es)' });
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'es');
    expect(extract).toBeEnabled();
  });

  it('marks languages that cannot be translated here and does not let them be chosen', async () => {
    api(() => answer({ extractedText: 'x' }));
    renderTool();
    const japanese = await screen.findByRole('option', { name: 'Japanese (ja) (not available)' });
    expect(japanese).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Original language' })).toBeEnabled();
  });

  it('names the pivot of a language translated through another one', async () => {
    const bodies = api(() => answer({ extractedText: 'x' }));
    renderTool();
    const italian = await screen.findByRole('option', { name: 'Italian (it), via Spanish' });
    expect(italian).toBeEnabled();
    expect(screen.getByRole('option', { name: 'Spanish (es)' })).toBeEnabled();
    await choose();
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'it');
    await userEvent.click(screen.getByRole('button', { name: 'Extract Text' }));
    await screen.findByText('x');
    expect(bodies.at(-1)).toMatchObject({ language: 'it' });
  });

  it('shows progress and disables the language list while extracting', async () => {
    let release: (r: Response) => void = () => undefined;
    api(() => new Promise<Response>((resolve) => (release = resolve)));
    renderTool();
    await choose();
    await userEvent.click(screen.getByRole('button', { name: 'Extract Text' }));
    expect(screen.getByRole('status')).toHaveTextContent('Extracting text…');
    expect(screen.getByLabelText('Language')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Extract Text' })).toBeDisabled();
    await act(() => settle(release, answer({ extractedText: 'Done' })));
    expect(await screen.findByText('Done')).toBeInTheDocument();
    expect(screen.getByLabelText('Language')).toBeEnabled();
  });

  it('downloads as <name>_extracted.txt; the first download toasts the feedback offer, later ones not', async () => {
    api(() => answer({ extractedText: 'Some text' }));
    renderTool();
    await choose();
    await userEvent.click(screen.getByRole('button', { name: 'Extract Text' }));
    const clicked: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Download Text' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download Text' }));
    click.mockRestore();
    expect(clicked).toEqual(['scan.final_extracted.txt', 'scan.final_extracted.txt']);
    const calls = (toast as unknown as jest.Mock).mock.calls as [string, Record<string, unknown>][];
    expect(calls[0]?.[0]).toBe("Download started! We'd love your feedback.");
    expect(calls[0]?.[1]).toMatchObject({ duration: 5000, action: { label: 'Give feedback' } });
    expect(calls[1]).toEqual(['Download started!', { duration: 1500 }]);
  });

  it("offers no download for 'No text found'", async () => {
    api(() => answer({ extractedText: 'No text found' }));
    renderTool();
    await choose();
    await userEvent.click(screen.getByRole('button', { name: 'Extract Text' }));
    expect(await screen.findByText('No text found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download Text' })).not.toBeInTheDocument();
  });

  it('shows the size error with the upgrade offer, carrying the query to pricing', async () => {
    api(() => answer({ code: 'IMAGE_SIZE_EXCEED', error: 'The file is larger than 5 MB.' }, 413));
    renderTool();
    await choose();
    await userEvent.click(screen.getByRole('button', { name: 'Extract Text' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The file is larger than 5 MB.');
    expect(alert).toHaveTextContent('Upgrade to Pro - Upload upto 30mb!');
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
      'href',
      '/pricing?aff=x',
    );
  });

  it("refuses a file over the plan's size without sending it: 5 MB free, 30 MB premium", async () => {
    const bodies = api(() => answer({ extractedText: 'read' }));
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    const { unmount } = renderTool();
    await choose(big);
    await userEvent.click(screen.getByRole('button', { name: 'Extract Text' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('File is larger than the 5MB limit of your plan.');
    expect(alert).toHaveTextContent('Upgrade to Pro - Upload upto 30mb!');
    expect(bodies).toHaveLength(0);
    unmount();

    renderTool({ ...USER, isPremium: true, planType: 'Pro Monthly' });
    await choose(big);
    await userEvent.click(screen.getByRole('button', { name: 'Extract Text' }));
    expect(await screen.findByText('read')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
  });

  it('shows the daily limit with the feedback offer only while it is available', async () => {
    const { openFeedbackPopup } = jest.requireMock<{ openFeedbackPopup: jest.Mock }>('shared-ui');
    api(() =>
      answer({ code: 'DAILY_LIMIT_REACHED', error: 'x', feedbackOfferAvailable: true }, 429),
    );
    const { unmount } = renderTool();
    await choose();
    await userEvent.click(screen.getByRole('button', { name: 'Extract Text' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("You've hit your free limit for today");
    expect(alert).toHaveTextContent('Upgrade to Pro for unlimited extractions!');
    await userEvent.click(
      screen.getByRole('button', {
        name: 'OR Submit a quick feedback to get 5 more credits today',
      }),
    );
    expect(openFeedbackPopup).toHaveBeenCalled();
    unmount();

    api(() =>
      answer({ code: 'DAILY_LIMIT_REACHED', error: 'x', feedbackOfferAvailable: false }, 429),
    );
    renderTool();
    await choose();
    await userEvent.click(screen.getByRole('button', { name: 'Extract Text' }));
    await screen.findByRole('alert');
    expect(screen.queryByRole('button', { name: /quick feedback/ })).not.toBeInTheDocument();
  });

  it('shows the page number only for PDFs, at least 1, and sends it', async () => {
    const bodies = api(() => answer({ extractedText: 'Page text' }));
    renderTool();
    expect(screen.queryByLabelText('from Page')).not.toBeInTheDocument();
    await userEvent.upload(
      screen.getByLabelText('Choose an image or PDF'),
      new File(['%PDF-1.7'], 'report.pdf', { type: 'application/pdf' }),
    );
    const pageInput = await screen.findByLabelText('from Page');
    expect(pageInput).toHaveAttribute('min', '1');
    await userEvent.clear(pageInput);
    await userEvent.type(pageInput, '2');
    expect(screen.getByText('PDF preview of report.pdf, page 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Extract Text' }));
    await screen.findByText('Page text');
    expect(bodies[0]).toMatchObject({ base64Pdf: expect.any(String) as string, pageToExtract: 2 });
  });

  it('takes an image pasted from the clipboard or dropped on the preview', async () => {
    api(() => answer({ extractedText: 'x' }));
    renderTool();
    const pasted = new File([new Uint8Array([1])], 'clip.png', { type: 'image/png' });
    const paste = new Event('paste', { bubbles: true, cancelable: true });
    Object.defineProperty(paste, 'clipboardData', { value: { files: [pasted] } });
    act(() => {
      window.dispatchEvent(paste);
    });
    expect(await screen.findByRole('img', { name: 'Preview of clip.png' })).toBeInTheDocument();
    expect(paste.defaultPrevented).toBe(true);

    const dropped = new File(['%PDF-1.7'], 'dropped.pdf', { type: 'application/pdf' });
    fireEvent.drop(screen.getByRole('region', { name: 'Preview' }), {
      dataTransfer: { files: [dropped] },
    });
    expect(await screen.findByText('PDF preview of dropped.pdf, page 1')).toBeInTheDocument();
  });

  it('refuses a dropped file that is not an image or PDF, keeping the chosen one', async () => {
    const bodies = api(() => answer({ extractedText: 'x' }));
    renderTool();
    await choose();
    fireEvent.drop(screen.getByRole('region', { name: 'Preview' }), {
      dataTransfer: { files: [new File(['x'], 'notes.docx', { type: 'application/msword' })] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'notes.docx is not an image or PDF. Choose an image or PDF.',
    );
    expect(screen.getByRole('img', { name: 'Preview of scan.final.png' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Extract Text' })).toBeEnabled();
    expect(bodies).toHaveLength(0);
  });

  it('accepts images and PDFs in the file chooser', async () => {
    api(() => answer({ extractedText: 'x' }));
    renderTool();
    await screen.findByRole('option', { name: 'Spanish (es)' });
    expect(screen.getByLabelText('Choose an image or PDF')).toHaveAttribute(
      'accept',
      'image/*,application/pdf',
    );
  });

  it('re-enables Extract Text when the page number changes after a result', async () => {
    const bodies = api(() => answer({ extractedText: 'Page text' }));
    renderTool();
    await userEvent.upload(
      screen.getByLabelText('Choose an image or PDF'),
      new File(['%PDF-1.7'], 'report.pdf', { type: 'application/pdf' }),
    );
    const extract = screen.getByRole('button', { name: 'Extract Text' });
    await userEvent.click(extract);
    await screen.findByText('Page text');
    expect(extract).toBeDisabled();
    await userEvent.type(screen.getByLabelText('from Page'), '{backspace}3');
    expect(extract).toBeEnabled();
    await userEvent.click(extract);
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ pageToExtract: 3 });
  });

  it('keeps line breaks of the result in a polite live region', async () => {
    api(() => answer({ extractedText: 'First line\n\nSecond paragraph' }));
    renderTool();
    await choose();
    await userEvent.click(screen.getByRole('button', { name: 'Extract Text' }));
    const result = await screen.findByText(/First line/);
    expect(result.tagName).toBe('PRE');
    expect(result.textContent).toBe('First line\n\nSecond paragraph');
    expect(screen.getByRole('region', { name: 'Extracted text' })).toHaveAttribute(
      'aria-live',
      'polite',
    );
  });

  it.each([
    [
      'offline',
      () => {
        Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
        return answer({ extractedText: 'never sent' });
      },
      'Please connect to a network and try again',
    ],
    [
      'a server text',
      () => answer({ code: 'UNSUPPORTED_FILE', error: 'Unsupported file type.' }, 415),
      'Unsupported file type.',
    ],
    [
      'a failure without a text',
      () => new Response('<html>Bad gateway</html>', { status: 502 }),
      'Something went wrong, please try again',
    ],
  ])('shows %s as the error, and lets the person try again', async (_label, reply, text) => {
    api(reply);
    renderTool();
    await choose();
    // (offline is read when the request starts)
    reply();
    await userEvent.click(screen.getByRole('button', { name: 'Extract Text' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Extract Text' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Download Text' })).not.toBeInTheDocument();
  });

  it('says the server is unreachable after the retry fails, the retry sending base64Image only', async () => {
    const bodies: Record<string, unknown>[] = [];
    api(() => answer({}));
    const original = global.fetch;
    global.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (url.endsWith('/api/extract')) {
        bodies.push(JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as never);
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      return original(input, init);
    }) as jest.Mock;
    renderTool();
    await choose();
    await userEvent.click(screen.getByRole('button', { name: 'Extract Text' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Server is unreachable. Please try again later.',
    );
    expect(bodies).toHaveLength(2);
    expect(Object.keys(bodies[1] ?? {})).toEqual(['base64Image']);
  });

  it('links the daily-limit upgrade offer to pricing, carrying the query', async () => {
    api(() =>
      answer({ code: 'DAILY_LIMIT_REACHED', error: 'x', feedbackOfferAvailable: false }, 429),
    );
    renderTool();
    await choose();
    await userEvent.click(screen.getByRole('button', { name: 'Extract Text' }));
    expect(
      await screen.findByRole('link', { name: 'Upgrade to Pro for unlimited extractions!' }),
    ).toHaveAttribute('href', '/pricing?aff=x');
  });

  it('offers the feedback at the daily limit from the user flag when the server does not say', async () => {
    api(() => answer({ code: 'DAILY_LIMIT_REACHED', error: 'x' }, 429));
    renderTool({ ...USER, isTextOcrFeedbackSubmitted: true });
    await choose();
    await userEvent.click(screen.getByRole('button', { name: 'Extract Text' }));
    await screen.findByRole('alert');
    expect(screen.queryByRole('button', { name: /quick feedback/ })).not.toBeInTheDocument();
  });

  describe('camera', () => {
    const stop = jest.fn();
    const stream = { getTracks: () => [{ stop }] } as unknown as MediaStream;
    beforeAll(() => {
      HTMLMediaElement.prototype.play = jest.fn(() => Promise.resolve());
      HTMLCanvasElement.prototype.getContext = jest.fn(() => ({ drawImage: jest.fn() })) as never;
      HTMLCanvasElement.prototype.toBlob = function (callback: BlobCallback) {
        callback(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }));
      };
    });

    it('tries the rear camera at 1280x720, falls back to the front one, and a capture becomes the image', async () => {
      const getUserMedia = jest
        .fn()
        .mockRejectedValueOnce(new Error('OverconstrainedError'))
        .mockResolvedValueOnce(stream);
      Object.defineProperty(navigator, 'mediaDevices', {
        value: { getUserMedia },
        configurable: true,
      });
      api(() => answer({ extractedText: 'Photo text' }));
      renderTool();
      await userEvent.click(screen.getByRole('button', { name: 'Open Camera' }));
      expect(await screen.findByLabelText('Camera preview')).toBeInTheDocument();
      expect((getUserMedia.mock.calls as unknown[][])[0]?.[0]).toMatchObject({
        video: {
          facingMode: { exact: 'environment' },
          width: { ideal: 1280 },
          height: { ideal: 720 },
        },
      });
      expect((getUserMedia.mock.calls as unknown[][])[1]?.[0]).toMatchObject({
        video: { facingMode: 'user' },
      });

      await userEvent.click(screen.getByRole('button', { name: 'Capture Photo' }));
      expect(await screen.findByRole('img', { name: 'Preview of photo.png' })).toBeInTheDocument();
      expect(stop).toHaveBeenCalled();
      expect(screen.queryByLabelText('Camera preview')).not.toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Extract Text' }));
      await screen.findByText('Photo text');
      const click = jest
        .spyOn(HTMLAnchorElement.prototype, 'click')
        .mockImplementation(() => undefined);
      await userEvent.click(screen.getByRole('button', { name: 'Download Text' }));
      const anchor = click.mock.contexts[0] as HTMLAnchorElement;
      expect(anchor.download).toBe('photo_extracted.txt');
      click.mockRestore();
    });

    it('clears the chosen file when the camera opens, and stops the stream when leaving the page', async () => {
      stop.mockClear();
      Object.defineProperty(navigator, 'mediaDevices', {
        value: { getUserMedia: jest.fn().mockResolvedValue(stream) },
        configurable: true,
      });
      api(() => answer({ extractedText: 'x' }));
      const { unmount } = renderTool();
      await choose();
      await userEvent.click(screen.getByRole('button', { name: 'Open Camera' }));
      expect(await screen.findByLabelText('Camera preview')).toBeInTheDocument();
      expect(screen.queryByRole('img', { name: 'Preview of scan.final.png' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Extract Text' })).toBeDisabled();
      expect(stop).not.toHaveBeenCalled();
      unmount();
      expect(stop).toHaveBeenCalled();
    });

    it('stops the stream when a file is chosen, and says so when no camera opens', async () => {
      stop.mockClear();
      const getUserMedia = jest.fn().mockResolvedValue(stream);
      Object.defineProperty(navigator, 'mediaDevices', {
        value: { getUserMedia },
        configurable: true,
      });
      api(() => answer({ extractedText: 'x' }));
      const { unmount } = renderTool();
      await userEvent.click(screen.getByRole('button', { name: 'Open Camera' }));
      await screen.findByLabelText('Camera preview');
      await choose();
      expect(stop).toHaveBeenCalled();
      unmount();

      Object.defineProperty(navigator, 'mediaDevices', {
        value: { getUserMedia: jest.fn().mockRejectedValue(new Error('NotAllowedError')) },
        configurable: true,
      });
      renderTool();
      await userEvent.click(screen.getByRole('button', { name: 'Open Camera' }));
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent(
          'The camera could not be opened. Check the permission and try again.',
        ),
      );
    });
  });
});

describe('ExtractTool: the text shown only as text (spec §5 sanitise)', () => {
  it('shows markup read from a page as written, never as HTML', async () => {
    const code = '<script>alert(1)</script>\n<img src=x onerror="alert(2)"> <b>bold</b>';
    api(() => answer({ extractedText: code }));
    renderTool();
    await choose();
    await userEvent.click(screen.getByRole('button', { name: 'Extract Text' }));
    const region = screen.getByRole('region', { name: 'Extracted text' });
    await waitFor(() => expect(region.querySelector('pre')?.textContent).toBe(code));
    expect(region.querySelector('script, b, pre img')).toBeNull();
  });
});

describe('ExtractTool: the free extractions left today', () => {
  it('shows what is left beside the tool and counts down after each extraction', async () => {
    usageAnswers = [FRESH_DAY, { ...FRESH_DAY, used: 1, remaining: 4 }];
    api(() => answer({ extractedText: 'Hello' }));
    renderTool();
    expect(await screen.findByText('5 of 5 free extractions left today')).toBeInTheDocument();
    await choose();
    await userEvent.click(screen.getByRole('button', { name: 'Extract Text' }));
    expect(await screen.findByText('4 of 5 free extractions left today')).toBeInTheDocument();
  });

  it('says none are left at the limit, and counts the feedback bonus in the day', async () => {
    usageAnswers = [{ ...FRESH_DAY, limit: 10, used: 10, remaining: 0 }];
    api(() => answer({ extractedText: 'x' }));
    renderTool();
    expect(
      await screen.findByText('No free extractions left today (10 a day)'),
    ).toBeInTheDocument();
  });

  it('shows no count for a premium plan, nor when the API cannot say', async () => {
    usageAnswers = [{ unlimited: true }];
    api(() => answer({ extractedText: 'x' }));
    const { unmount } = renderTool({ ...USER, isPremium: true, planType: 'Pro Monthly' });
    await waitFor(() =>
      expect((global.fetch as jest.Mock).mock.calls.map(([url]) => String(url))).toContain(
        'http://api.test/api/usage',
      ),
    );
    expect(screen.queryByText(/extractions left today/)).not.toBeInTheDocument();
    unmount();
    usageAnswers = ['failing'];
    renderTool();
    await screen.findByRole('option', { name: 'Spanish (es)' });
    expect(screen.queryByText(/extractions left today/)).not.toBeInTheDocument();
  });
});

describe('ExtractTool: Copy beside Download', () => {
  const toastMock = toast as unknown as jest.Mock & { error: jest.Mock };

  async function extracted(text: string) {
    api(() => answer({ extractedText: text }));
    renderTool();
    await choose();
    await userEvent.click(screen.getByRole('button', { name: 'Extract Text' }));
    await screen.findByRole('button', { name: 'Download Text' });
  }

  beforeEach(() => toastMock.error.mockClear());

  it('copies the text to the clipboard and says so', async () => {
    await extracted('Line one\nLine two');
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('Line one\nLine two');
    expect(toastMock).toHaveBeenCalledWith('Text copied to the clipboard', { duration: 1500 });
    expect(toastMock.error).not.toHaveBeenCalled();
  });

  it.each([
    ['refuses', () => ({ writeText: jest.fn().mockRejectedValue(new Error('NotAllowedError')) })],
    ['has no clipboard', () => undefined],
  ])('tells how to copy by hand when the browser %s', async (_case, clipboard) => {
    await extracted('Some text');
    Object.defineProperty(navigator, 'clipboard', { value: clipboard(), configurable: true });
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() =>
      expect(toastMock.error).toHaveBeenCalledWith(
        'The browser did not let us copy. Select the text and copy it with your keyboard instead.',
        { duration: 5000 },
      ),
    );
    expect(toastMock).not.toHaveBeenCalledWith('Text copied to the clipboard', expect.anything());
  });

  it("offers no Copy for 'No text found'", async () => {
    api(() => answer({ extractedText: 'No text found' }));
    renderTool();
    await choose();
    await userEvent.click(screen.getByRole('button', { name: 'Extract Text' }));
    expect(await screen.findByText('No text found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
  });
});
