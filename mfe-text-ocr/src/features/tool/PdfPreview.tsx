import { useEffect, useRef, useState } from 'react';

// pdf.js renders the chosen page in the browser, in a worker. The worker file is emitted with
// this remote's build and its URL resolves against this remote's origin (vite.config.ts), not the
// shell's. From the shell's page that URL is cross-origin, so pdf.js starts the worker from a
// same-origin blob module that imports it; the remote's server allows that with CORS.
const MAX_WIDTH = 900;

type State = { status: 'loading' } | { status: 'ready'; pages: number } | { status: 'failed' };

export function PdfPreview({ url, page, name }: { url: string; page: number; name: string }) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const run = { cancelled: false, destroy: (): void => undefined };
    // (a function: the flag changes while the rendering awaits)
    const cancelled = () => run.cancelled;
    (async () => {
      // (Vite's ?url import: the worker file is emitted with the build and its URL returned.)
      const [pdfjs, worker] = await Promise.all([
        import('pdfjs-dist'),
        import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
      ]);
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      const task = pdfjs.getDocument({ url });
      run.destroy = () => void task.destroy();
      const pdf = await task.promise;
      const number = Math.min(page, pdf.numPages);
      const pdfPage = await pdf.getPage(number);
      const unscaled = pdfPage.getViewport({ scale: 1 });
      const viewport = pdfPage.getViewport({ scale: Math.min(2, MAX_WIDTH / unscaled.width) });
      const canvas = canvasRef.current;
      if (cancelled() || !canvas) return;
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      await pdfPage.render({ canvas, viewport }).promise;
      if (!cancelled()) setState({ status: 'ready', pages: pdf.numPages });
    })().catch(() => {
      if (!cancelled()) setState({ status: 'failed' });
    });
    return () => {
      run.cancelled = true;
      run.destroy();
    };
  }, [url, page]);

  return (
    <figure style={{ margin: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={`Page ${String(page)} of ${name}`}
        hidden={state.status !== 'ready'}
      />
      <figcaption>
        {state.status === 'loading' && `Rendering page ${String(page)} of ${name}…`}
        {state.status === 'ready' &&
          (page > state.pages
            ? `${name} has ${String(state.pages)} page${state.pages === 1 ? '' : 's'}: there is no page ${String(page)}.`
            : `${name}: page ${String(page)} of ${String(state.pages)}`)}
        {state.status === 'failed' &&
          `${name}: this PDF cannot be shown here; page ${String(page)} will still be read.`}
      </figcaption>
    </figure>
  );
}
