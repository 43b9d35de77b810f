import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IMAGE_OR_PDF, type ChosenFile, type IntakeRules } from './chosen-file';
import { CameraButton, CameraPreview, DropHint, DropZone, FileChooser } from './IntakeControls';
import { CAMERA_FAILED } from './useCamera';
import { useFileIntake, type FileIntakeEvents } from './useFileIntake';

const MB = 1024 * 1024;
const ADDON_FREE: IntakeRules = { ...IMAGE_OR_PDF, maxBytes: 5 * MB };

/** A tool made of the intake pieces, as a remote composes them. */
function Tool({ rules, events }: { rules: IntakeRules; events: FileIntakeEvents }) {
  const intake = useFileIntake(rules, events);
  return (
    <div>
      <FileChooser rules={rules} onFile={intake.choose} />
      <CameraButton
        cameraOpen={intake.cameraOpen}
        onOpen={intake.openCamera}
        onCapture={intake.capture}
      />
      {intake.camera.error && <p role="alert">{intake.camera.error}</p>}
      <DropZone onFile={intake.choose}>
        {intake.cameraOpen ? (
          <CameraPreview videoRef={intake.camera.videoRef} />
        ) : (
          <DropHint rules={rules} />
        )}
      </DropZone>
    </div>
  );
}

function setup(rules: IntakeRules = ADDON_FREE) {
  const events = {
    onReadStarted: jest.fn(),
    onChosen: jest.fn<undefined, [ChosenFile]>(),
    onUnreadable: jest.fn(),
    onRefused: jest.fn(),
    onCameraOpened: jest.fn(),
  };
  const view = render(<Tool rules={rules} events={events} />);
  return { events, ...view };
}

const pdf = (name = 'report.pdf', size?: number) =>
  new File([size ? new Uint8Array(size) : '%PDF-1.7'], name, { type: 'application/pdf' });

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
});

describe('file intake', () => {
  it('shows the chooser and the drop hint for the rules, accepting their types', () => {
    setup();
    expect(screen.getByLabelText('Choose an image or PDF')).toHaveAttribute(
      'accept',
      'image/*,application/pdf',
    );
    expect(screen.getByRole('region', { name: 'Preview' })).toHaveTextContent(
      'Drop an image or PDF here, paste one from the clipboard, or choose a file.',
    );
  });

  it('reads a chosen PDF and hands it on', async () => {
    const { events } = setup();
    await userEvent.upload(screen.getByLabelText('Choose an image or PDF'), pdf());
    await waitFor(() => expect(events.onChosen).toHaveBeenCalledTimes(1));
    expect(events.onReadStarted).toHaveBeenCalledTimes(1);
    expect(events.onChosen.mock.calls[0]?.[0]).toMatchObject({
      name: 'report.pdf',
      isPdf: true,
      fromCamera: false,
      base64: Buffer.from('%PDF-1.7').toString('base64'),
    });
  });

  it('refuses a file over the limit, and another type, without reading it', async () => {
    const { events } = setup();
    await userEvent.upload(
      screen.getByLabelText('Choose an image or PDF'),
      pdf('big.pdf', 5 * MB + 1),
    );
    expect(events.onRefused).toHaveBeenLastCalledWith({
      reason: 'size',
      message: 'File is larger than the 5MB limit of your plan.',
    });
    fireEvent.drop(screen.getByRole('region', { name: 'Preview' }), {
      dataTransfer: { files: [new File(['x'], 'notes.docx', { type: 'application/msword' })] },
    });
    expect(events.onRefused).toHaveBeenLastCalledWith({
      reason: 'type',
      message: 'notes.docx is not an image or PDF. Choose an image or PDF.',
    });
    expect(events.onReadStarted).not.toHaveBeenCalled();
    expect(events.onChosen).not.toHaveBeenCalled();
  });

  it('takes a file dropped on the zone', async () => {
    const { events } = setup();
    fireEvent.drop(screen.getByRole('region', { name: 'Preview' }), {
      dataTransfer: { files: [pdf('dropped.pdf')] },
    });
    await waitFor(() => expect(events.onChosen).toHaveBeenCalledTimes(1));
    expect(events.onChosen.mock.calls[0]?.[0].name).toBe('dropped.pdf');
  });

  it('takes an accepted file pasted anywhere on the page, and leaves other pastes alone', async () => {
    const { events } = setup();
    const paste = (files: File[]) => {
      const event = new Event('paste', { bubbles: true, cancelable: true });
      Object.defineProperty(event, 'clipboardData', { value: { files } });
      act(() => {
        window.dispatchEvent(event);
      });
      return event;
    };
    const text = paste([new File(['x'], 'a.txt', { type: 'text/plain' })]);
    expect(text.defaultPrevented).toBe(false);
    const image = paste([
      new File(['x'], 'a.txt', { type: 'text/plain' }),
      new File([new Uint8Array([1])], 'clip.png', { type: 'image/png' }),
    ]);
    expect(image.defaultPrevented).toBe(true);
    await waitFor(() => expect(events.onChosen).toHaveBeenCalledTimes(1));
    expect(events.onChosen.mock.calls[0]?.[0]).toMatchObject({ name: 'clip.png', isPdf: false });
  });

  it('says when the browser cannot read the file', async () => {
    const read = jest.spyOn(FileReader.prototype, 'readAsDataURL').mockImplementation(function (
      this: FileReader,
    ) {
      this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>);
    });
    const { events } = setup();
    await userEvent.upload(screen.getByLabelText('Choose an image or PDF'), pdf());
    await waitFor(() => expect(events.onUnreadable).toHaveBeenCalledTimes(1));
    expect(events.onChosen).not.toHaveBeenCalled();
    read.mockRestore();
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
    beforeEach(() => stop.mockClear());
    const camera = (getUserMedia: jest.Mock) =>
      Object.defineProperty(navigator, 'mediaDevices', {
        value: { getUserMedia },
        configurable: true,
      });

    it('opens the rear camera at 1280x720 (else the front one); a capture is the chosen photo', async () => {
      const getUserMedia = jest
        .fn()
        .mockRejectedValueOnce(new Error('OverconstrainedError'))
        .mockResolvedValueOnce(stream);
      camera(getUserMedia);
      const { events } = setup();
      await userEvent.click(screen.getByRole('button', { name: 'Open Camera' }));
      expect(events.onCameraOpened).toHaveBeenCalledTimes(1);
      expect(await screen.findByLabelText('Camera preview')).toBeInTheDocument();
      expect((getUserMedia.mock.calls as unknown[][])[0]?.[0]).toMatchObject({
        video: {
          facingMode: { exact: 'environment' },
          width: { ideal: 1280 },
          height: { ideal: 720 },
        },
        audio: false,
      });
      expect((getUserMedia.mock.calls as unknown[][])[1]?.[0]).toMatchObject({
        video: { facingMode: 'user' },
      });
      await userEvent.click(screen.getByRole('button', { name: 'Capture Photo' }));
      await waitFor(() => expect(events.onChosen).toHaveBeenCalledTimes(1));
      expect(events.onChosen.mock.calls[0]?.[0]).toMatchObject({
        name: 'photo.png',
        fromCamera: true,
      });
      expect(stop).toHaveBeenCalled();
      expect(screen.queryByLabelText('Camera preview')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Open Camera' })).toBeInTheDocument();
    });

    it('stops the stream when a file is chosen and when leaving the page', async () => {
      camera(jest.fn().mockResolvedValue(stream));
      const { unmount } = setup();
      await userEvent.click(screen.getByRole('button', { name: 'Open Camera' }));
      await screen.findByLabelText('Camera preview');
      expect(stop).not.toHaveBeenCalled();
      await userEvent.upload(screen.getByLabelText('Choose an image or PDF'), pdf());
      expect(stop).toHaveBeenCalledTimes(1);
      await userEvent.click(screen.getByRole('button', { name: 'Open Camera' }));
      await screen.findByLabelText('Camera preview');
      unmount();
      expect(stop).toHaveBeenCalledTimes(2);
    });

    it('says so when no camera opens', async () => {
      camera(jest.fn().mockRejectedValue(new Error('NotAllowedError')));
      setup();
      await userEvent.click(screen.getByRole('button', { name: 'Open Camera' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(CAMERA_FAILED);
      expect(CAMERA_FAILED).toBe(
        'The camera could not be opened. Check the permission and try again.',
      );
    });
  });
});
