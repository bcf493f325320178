import { downloadText, startDownload } from './download';

function clickedLinks() {
  const clicked: { href: string; download: string; inDocument: boolean }[] = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download, inDocument: document.body.contains(this) });
  });
  return { clicked, restore: () => click.mockRestore() };
}

test('clicks a hidden link to the address with the file name, and removes it', () => {
  const { clicked, restore } = clickedLinks();
  startDownload('https://files.example/a.bin?sig=1', 'report.pdf');
  restore();
  expect(clicked).toEqual([{ href: 'https://files.example/a.bin?sig=1', download: 'report.pdf', inDocument: true }]);
  expect(document.querySelector('a[download]')).toBeNull();
});

test('offers text as a file through an object URL, released afterwards', () => {
  jest.useFakeTimers();
  const created: Blob[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => (created.push(blob), 'blob:cloudclip/1'));
  URL.revokeObjectURL = jest.fn();
  const { clicked, restore } = clickedLinks();
  downloadText('notes.md', '# Notes');
  restore();
  expect(clicked).toEqual([{ href: 'blob:cloudclip/1', download: 'notes.md', inDocument: true }]);
  expect(created[0]?.type).toBe('text/markdown;charset=utf-8');
  expect(URL.revokeObjectURL).not.toHaveBeenCalled();
  jest.runAllTimers();
  expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:cloudclip/1');
  jest.useRealTimers();
});
