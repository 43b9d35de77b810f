import { openFeedbackPopup, saveFile, toast } from 'shared-ui';
import { downloadText } from './download-text';

jest.mock('shared-ui', () => {
  const actual = jest.requireActual<typeof import('shared-ui')>('shared-ui');
  return { ...actual, toast: jest.fn(), saveFile: jest.fn(), openFeedbackPopup: jest.fn() };
});

const toastMock = toast as unknown as jest.Mock;
const saveMock = saveFile as unknown as jest.Mock<void, [Blob, string]>;
const toasts = () => toastMock.mock.calls as [string, Record<string, unknown>][];
const FILE = { name: 'notes.jpg', fromCamera: false };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  toastMock.mockClear();
  saveMock.mockClear();
});

describe('downloadText (spec §4 Download)', () => {
  it('offers feedback on the first download and marks isFeedbackRequested for the session', () => {
    downloadText(FILE, 'Hello');
    expect(saveMock.mock.calls[0]?.[1]).toBe('notes_extracted.txt');
    expect(toasts()[0]?.[0]).toBe("Download started! We'd love your feedback.");
    expect(toasts()[0]?.[1]).toMatchObject({ duration: 5000, action: { label: 'Give feedback' } });
    const action = toasts()[0]?.[1].action as { onClick: () => void };
    action.onClick();
    expect(openFeedbackPopup).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('isFeedbackRequested')).toBe('true');
    expect(localStorage.getItem('isFeedbackRequested')).toBeNull();
  });

  it('only confirms once the offer was made in this session', () => {
    sessionStorage.setItem('isFeedbackRequested', 'true');
    downloadText(FILE, 'Hello');
    expect(toasts()).toEqual([['Download started!', { duration: 1500 }]]);
  });

  it('offers feedback again in a new session (the next session starts with empty sessionStorage)', () => {
    downloadText(FILE, 'Hello');
    downloadText(FILE, 'Hello');
    expect(toasts().map(([message]) => message)).toEqual([
      "Download started! We'd love your feedback.",
      'Download started!',
    ]);
    sessionStorage.clear(); // a new browser session; localStorage outlives it
    downloadText(FILE, 'Hello');
    expect(toasts()[2]?.[0]).toBe("Download started! We'd love your feedback.");
  });

  it('no longer counts the once-per-browser marks earlier builds left in localStorage', () => {
    localStorage.setItem('isFeedbackRequested', 'true');
    localStorage.setItem('textOcrDownloadToastShown', '1');
    downloadText(FILE, 'Hello');
    expect(toasts()[0]?.[0]).toBe("Download started! We'd love your feedback.");
    expect(localStorage.getItem('isFeedbackRequested')).toBeNull();
    expect(localStorage.getItem('textOcrDownloadToastShown')).toBeNull();
  });

  it('counts an offer made in this session under the old key, moving it to isFeedbackRequested', () => {
    sessionStorage.setItem('textOcrDownloadToastShown', '1');
    downloadText(FILE, 'Hello');
    expect(toasts()).toEqual([['Download started!', { duration: 1500 }]]);
    expect(sessionStorage.getItem('isFeedbackRequested')).toBe('true');
    expect(sessionStorage.getItem('textOcrDownloadToastShown')).toBeNull();
  });

  it('still offers feedback, and saves the file, when storage is blocked', () => {
    const blocked = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    try {
      downloadText(FILE, 'Hello');
    } finally {
      blocked.mockRestore();
    }
    expect(saveMock).toHaveBeenCalledTimes(1);
    expect(toasts()[0]?.[0]).toBe("Download started! We'd love your feedback.");
  });
});
