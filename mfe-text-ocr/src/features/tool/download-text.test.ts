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
  it('offers feedback on the first download and marks isFeedbackRequested in localStorage', () => {
    downloadText(FILE, 'Hello');
    expect(saveMock.mock.calls[0]?.[1]).toBe('notes_extracted.txt');
    expect(toasts()[0]?.[0]).toBe("Download started! We'd love your feedback.");
    expect(toasts()[0]?.[1]).toMatchObject({ duration: 5000, action: { label: 'Give feedback' } });
    const action = toasts()[0]?.[1].action as { onClick: () => void };
    action.onClick();
    expect(openFeedbackPopup).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('isFeedbackRequested')).toBe('true');
  });

  it('only confirms once the offer was made, in this tab or an earlier visit', () => {
    localStorage.setItem('isFeedbackRequested', 'true');
    downloadText(FILE, 'Hello');
    expect(toasts()).toEqual([['Download started!', { duration: 1500 }]]);
  });

  it('counts an offer made under the old key, moving it to isFeedbackRequested', () => {
    sessionStorage.setItem('textOcrDownloadToastShown', '1');
    downloadText(FILE, 'Hello');
    expect(toasts()).toEqual([['Download started!', { duration: 1500 }]]);
    expect(localStorage.getItem('isFeedbackRequested')).toBe('true');
    expect(sessionStorage.getItem('textOcrDownloadToastShown')).toBeNull();
  });
});
