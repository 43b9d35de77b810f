/**
 * Saves data as a file named `name` through a link click (what every browser downloads from);
 * the object URL is revoked a little later, once the browser has read the blob.
 */
export function saveFile(data: Blob, name: string): void {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
