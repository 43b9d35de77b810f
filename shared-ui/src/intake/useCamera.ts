import { useCallback, useEffect, useRef, useState } from 'react';
import { reportError } from '../errors/report-error';

// Spec §4 'Camera': the rear camera at 1280x720, else the front one; a PNG frame on capture,
// which stops the stream; streams stop when a file is chosen and when leaving the page.
const SIZE = { width: { ideal: 1280 }, height: { ideal: 720 } };

export const CAMERA_FAILED = 'The camera could not be opened. Check the permission and try again.';

export function useCamera() {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState<string | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);

  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    setStream(null);
  }, []);

  useEffect(() => stop, [stop]);

  useEffect(() => {
    const video = videoRef.current;
    if (video && stream) {
      video.srcObject = stream;
      void video.play().catch(() => undefined);
    }
  }, [stream]);

  const open = useCallback(async () => {
    stop();
    setError(null);
    const media = navigator.mediaDevices as MediaDevices | undefined;
    if (!media?.getUserMedia) {
      setError(CAMERA_FAILED);
      return;
    }
    let next: MediaStream;
    try {
      next = await media.getUserMedia({
        video: { facingMode: { exact: 'environment' }, ...SIZE },
        audio: false,
      });
    } catch {
      try {
        next = await media.getUserMedia({ video: { facingMode: 'user', ...SIZE }, audio: false });
      } catch (failure) {
        // Reported as 'openCamera failed: <reason>'; a refused permission is the visitor's
        // choice, one of the spec's ignored phrases (§7), and only logged.
        const reason = failure instanceof Error ? failure.message : String(failure);
        reportError(new Error(`openCamera failed: ${reason}`), { action: 'camera' });
        setError(CAMERA_FAILED);
        return;
      }
    }
    streamRef.current = next;
    setStream(next);
  }, [stop]);

  /** The current frame as a PNG file; stops the stream. */
  const capture = useCallback(async (): Promise<File | null> => {
    const video = videoRef.current;
    if (!video || !streamRef.current) return null;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth || 1280;
    canvas.height = video.videoHeight || 720;
    canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    stop();
    return blob ? new File([blob], 'photo.png', { type: 'image/png' }) : null;
  }, [stop]);

  return { stream, error, open, capture, stop, videoRef };
}
