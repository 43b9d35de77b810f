// What the tool reads: a chosen or dropped or pasted file, or a camera capture.
export type ChosenFile = {
  name: string;
  isPdf: boolean;
  /** The file's bytes as base64, without a data: prefix. */
  base64: string;
  /** Its size in bytes. */
  size: number;
  /** For the preview: an object URL (images) or the bytes (PDFs). */
  previewUrl: string;
  fromCamera: boolean;
};

export const ACCEPT = 'image/*,application/pdf';

const toBase64 = (file: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.replace(/^data:[^,]*,/, ''));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });

export async function chooseFile(file: File, fromCamera = false): Promise<ChosenFile> {
  const isPdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  return {
    name: file.name,
    isPdf,
    base64: await toBase64(file),
    size: file.size,
    previewUrl: URL.createObjectURL(file),
    fromCamera,
  };
}

/** original name without extension + _extracted.txt; photo_extracted.txt for captures (spec §4). */
export function downloadName(file: Pick<ChosenFile, 'name' | 'fromCamera'>): string {
  if (file.fromCamera) return 'photo_extracted.txt';
  const base = file.name.replace(/\.[^./\\]+$/, '') || 'text';
  return `${base}_extracted.txt`;
}
