import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { createKernel, createSafeStorage, type FsListItem } from '@cloudclip/shared-kernel';
import { NAMESPACE, resources } from '../../../i18n/resources';
import type { ViewMode } from '../stores/view-settings';
import { FileList } from './file-list';

const entries = (count: number): FsListItem[] =>
  Array.from({ length: count }, (_, index) => ({
    name: `file-${index}.txt`,
    path: `/m/file-${index}.txt`,
    isDirectory: false,
    size: index,
    modified: '2025-07-01T08:00:00.000Z',
    etag: `etag-${index}`,
  }));

function renderList(items: FsListItem[], options: { selected?: string[]; selectable?: boolean; view?: ViewMode } = {}) {
  window.localStorage.clear();
  window.localStorage.setItem('language', 'en-US');
  const kernel = createKernel({ storage: createSafeStorage(window.localStorage), origin: 'http://127.0.0.1:8080', appConfig: {} });
  kernel.i18n.addNamespace(NAMESPACE, resources);
  const onToggle = jest.fn();
  render(
    <I18nextProvider i18n={kernel.i18n.i18n}>
      <MemoryRouter>
        <FileList
          items={items}
          view={options.view ?? 'list'}
          directory="/m/"
          selected={new Set(options.selected ?? [])}
          selectable={options.selectable ?? true}
          onToggle={onToggle}
          onToggleAll={() => undefined}
          onActions={() => undefined}
          hrefOf={(item) => item.path}
        />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return { onToggle };
}

const row = (name: string) => screen.getAllByRole('row').find((element) => element.getAttribute('data-name') === name);

test('the listing is a grid that counts every entry plus its header row, though only a window of rows exists', () => {
  renderList(entries(500));
  const grid = screen.getByRole('grid', { name: 'Files, 500 entries' });
  expect(grid).toHaveAttribute('aria-rowcount', '501');
  expect(grid).toHaveAttribute('aria-colcount', '5');
  const rows = within(grid).getAllByRole('row');
  expect(rows.length).toBeLessThan(30);
  expect(rows[0]).toHaveAttribute('aria-rowindex', '1');
  expect(
    within(rows[0]!)
      .getAllByRole('columnheader')
      .map((header) => header.textContent),
  ).toEqual(['Selection', 'Name', 'Size', 'Modified', 'Actions']);
  expect(rows[1]).toHaveAttribute('data-name', 'file-0.txt');
  expect(rows[1]).toHaveAttribute('aria-rowindex', '2');
  expect(within(rows[1]!).getAllByRole('gridcell')).toHaveLength(5);
});

test('a row keeps its position in the whole folder after scrolling', async () => {
  renderList(entries(500));
  const scroller = screen.getByTestId('file-scroller');
  Object.defineProperty(scroller, 'scrollTop', { configurable: true, writable: true, value: 48 * 300 });
  fireEvent.scroll(scroller);
  await waitFor(() => expect(row('file-300.txt')).toHaveAttribute('aria-rowindex', '302'));
  expect(row('file-0.txt')).toBeUndefined();
  expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '501');
});

test('Ctrl+End moves to the last entry, whose row index is the row count', () => {
  renderList(entries(500));
  const first = within(row('file-0.txt')!).getByTestId('row-open');
  first.focus();
  act(() => {
    fireEvent.keyDown(first, { key: 'End', ctrlKey: true });
  });
  const last = row('file-499.txt')!;
  expect(last).toHaveAttribute('aria-rowindex', '501');
  expect(within(last).getByTestId('row-open')).toHaveFocus();
});

test('selection is told by aria-selected on the rows of a multi-selectable grid', () => {
  const { onToggle } = renderList(entries(3), { selected: ['/m/file-1.txt'] });
  expect(screen.getByRole('grid')).toHaveAttribute('aria-multiselectable', 'true');
  expect(row('file-0.txt')).toHaveAttribute('aria-selected', 'false');
  expect(row('file-1.txt')).toHaveAttribute('aria-selected', 'true');
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select file-2.txt' }));
  expect(onToggle).toHaveBeenCalledWith(expect.objectContaining({ name: 'file-2.txt' }));
});

test('where nothing can be selected (mounts, a read-only listing) no row claims a selection state', () => {
  renderList(entries(3), { selectable: false });
  expect(screen.getByRole('grid')).not.toHaveAttribute('aria-multiselectable');
  for (const element of screen.getAllByRole('row')) expect(element).not.toHaveAttribute('aria-selected');
});

test('the grid view counts rows of cards and marks the selected card', () => {
  const width = jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(616);
  try {
    renderList(entries(10), { view: 'grid', selected: ['/m/file-5.txt'] });
    const grid = screen.getByRole('grid');
    expect(grid).toHaveAttribute('aria-colcount', '4');
    expect(grid).toHaveAttribute('aria-rowcount', '3');
    const rows = within(grid).getAllByRole('row');
    expect(rows.map((element) => element.getAttribute('aria-rowindex'))).toEqual(['1', '2', '3']);
    const card = within(rows[1]!).getAllByRole('gridcell')[1]!;
    expect(card).toHaveAttribute('data-name', 'file-5.txt');
    expect(card).toHaveAttribute('aria-selected', 'true');
    expect(card).toHaveAttribute('aria-colindex', '2');
  } finally {
    width.mockRestore();
  }
});
