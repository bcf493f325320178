import { arrangeColumns } from './use-fixed-actions';

describe('arrangeColumns', () => {
  const columns = [{ title: 'name' }, { title: 'a' }, { title: 'b' }, { title: 'actions', valueType: 'option' }];

  it('keeps the order when the actions are pinned right', () => {
    expect(arrangeColumns(columns, 'right')).toBe(columns);
  });

  it('moves the actions next to the first column on phones', () => {
    expect(arrangeColumns(columns, undefined).map((column) => column.title)).toEqual(['name', 'actions', 'a', 'b']);
  });
});
