import { saveFile } from './download';

describe('saveFile', () => {
  it('downloads the blob under the name and releases its URL a second later', () => {
    jest.useFakeTimers();
    const revoke = jest.fn();
    URL.createObjectURL = jest.fn(() => 'blob:file');
    URL.revokeObjectURL = revoke;
    const clicked: { href: string; download: string; attached: boolean }[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download, attached: this.isConnected });
    });
    saveFile(new Blob(['a,b']), 'invoice.csv');
    expect(clicked).toEqual([{ href: 'blob:file', download: 'invoice.csv', attached: true }]);
    expect(document.querySelector('a')).toBeNull();
    expect(revoke).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1000);
    expect(revoke).toHaveBeenCalledWith('blob:file');
    click.mockRestore();
    jest.useRealTimers();
  });
});
