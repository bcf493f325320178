import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';
import { API_KEY_ROW_DEFAULTS, renderKeyManagement } from '../test/api-key-rows';
import { PHONE_NAME_WIDTH, pinColumns, tableScroll } from './use-table-layout';
import { NARROW_SCREEN } from './use-narrow-screen';

describe('pinColumns', () => {
  type Column = { title: string; width?: number; valueType?: string; fixed?: string };
  const columns: Column[] = [
    { title: 'name', width: 220 },
    { title: 'a', width: 100 },
    { title: 'b' },
    { title: 'actions', valueType: 'option', width: 190 },
  ];

  it('pins the name column left and the actions column right, keeping the order', () => {
    const pinned = pinColumns(columns, false);
    expect(pinned.map((column) => [column.title, column.fixed])).toEqual([
      ['name', 'left'],
      ['a', undefined],
      ['b', undefined],
      ['actions', 'right'],
    ]);
    expect(pinned[0]?.width).toBe(220);
  });

  it('narrows the pinned name column on phones, not the actions', () => {
    const pinned = pinColumns(columns, true);
    expect(pinned[0]).toMatchObject({ fixed: 'left', width: PHONE_NAME_WIDTH });
    expect(pinned[3]).toMatchObject({ fixed: 'right', width: 190 });
  });

  it('pins the first column of a table without actions', () => {
    expect(
      pinColumns<{ title: string; fixed?: string }>([{ title: 'table' }, { title: 'rows' }], true).map((column) => column.fixed),
    ).toEqual(['left', undefined]);
  });

  it('scrolls sideways as wide as the content when a table gives no width', () => {
    expect(tableScroll(undefined)).toEqual({ x: 'max-content' });
    expect(tableScroll(1200)).toEqual({ x: 1200 });
  });
});

/** Source files of mfe-admin (tests left out). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx$/.test(entry) && !/\.test\.tsx$/.test(entry) ? [full] : [];
  });
}

describe('every table of the admin panel', () => {
  const root = path.resolve(__dirname, '..');
  const tables = sourceFiles(root)
    .map((file) => ({ file: path.relative(root, file), source: readFileSync(file, 'utf8') }))
    .filter(({ source }) => /<(ProTable|Table)</.test(source) || /<(ManagementTable|ShareManagementTable)</.test(source));

  it('finds the tables of the panel', () => {
    expect(tables.map(({ file }) => file).sort()).toEqual(
      expect.arrayContaining([
        'components/management-table.tsx',
        'features/backup/components/restore-card.tsx',
        'features/backup/components/runs-table.tsx',
        'features/file-management/components/file-management-page.tsx',
        'features/key-management/components/key-management-page.tsx',
        'features/mount-management/components/mount-locks-drawer.tsx',
        'features/mount-management/components/mount-management-page.tsx',
        'features/storage-config/components/storage-config-page.tsx',
        'features/text-management/components/text-management-page.tsx',
      ]),
    );
  });

  it.each(tables.map(({ file, source }) => [file, source] as const))(
    '%s lays its table out with the shared layout (pinned columns, sideways scroll)',
    (_file, source) => {
      const raw = /<(ProTable|Table)</.test(source);
      if (raw) {
        // A table rendered directly: its columns go through useTableLayout and it scrolls sideways.
        expect(source).toMatch(/useTableLayout\(\)/);
        expect(source).toMatch(/columns=\{layout\.columns/);
        expect(source).toMatch(/scroll=\{tableScroll\(/);
      } else {
        // A management page: ManagementTable (or the share table built on it) applies the layout.
        expect(source).toMatch(/<(ManagementTable|ShareManagementTable)</);
        expect(source).not.toMatch(/fixed: '(left|right)'/);
      }
    },
  );
});

const KEY = {
  ...API_KEY_ROW_DEFAULTS,
  id: 'k1',
  name: 'screenshots of the whole team',
  key: 'shot_key_0123456789',
  key_masked: 'shot_k...',
  text_permission: 1,
  file_permission: 1,
};

describe.each([
  ['a phone', true],
  ['a desktop', false],
])('a management table on %s', (_screen, phone) => {
  beforeEach(() => {
    const setUpMatchMedia = window.matchMedia.bind(window);
    jest
      .spyOn(window, 'matchMedia')
      .mockImplementation((query) => ({ ...setUpMatchMedia(query), matches: phone && query === NARROW_SCREEN }));
  });
  afterEach(() => jest.restoreAllMocks());

  it('keeps the row actions in a column pinned right and the name pinned left, in a table that scrolls sideways', async () => {
    const { container } = renderKeyManagement([KEY]);
    const edit = await screen.findByTestId('row-edit');
    expect(edit.closest('td')).toHaveClass('ant-table-cell-fix-right');
    const name = screen.getByText(KEY.name).closest('td');
    expect(name).toHaveClass('ant-table-cell-fix-left');
    expect(container.querySelector('.ant-table')).toHaveClass('ant-table-scroll-horizontal');
    const nameHeader = container.querySelector('thead th.ant-table-cell-fix-left');
    expect(nameHeader).toHaveTextContent('Name');
    // The name column's width: narrower on phones so both pinned columns fit.
    expect(container.querySelector('colgroup col')).toHaveStyle({ width: phone ? `${PHONE_NAME_WIDTH}px` : '160px' });
  });
});
