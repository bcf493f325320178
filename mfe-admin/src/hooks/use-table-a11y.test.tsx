import { render, waitFor } from '@testing-library/react';
import { Table } from 'antd';
import { useTableA11y } from './use-table-a11y';

const COLUMNS = [
  { title: 'Name', dataIndex: 'name' },
  { title: 'Size', dataIndex: 'size' },
];
const ROWS = [{ key: '1', name: 'report.pdf', size: 10 }];

/** A page like the share tables: the hook runs at once, the table's container only once `ready`. */
function Page({ ready, rows = ROWS }: { ready: boolean; rows?: typeof ROWS }) {
  const tableRef = useTableA11y();
  if (!ready) return <p role="status">loading</p>;
  return (
    <div ref={tableRef} data-testid="container">
      <Table columns={COLUMNS} dataSource={rows} rowSelection={{}} scroll={{ x: 1200 }} pagination={false} />
    </div>
  );
}

function measureRowControls(container: HTMLElement) {
  return Array.from(container.querySelectorAll('.ant-table-measure-row input, .ant-table-measure-row button, .ant-table-measure-row a'));
}

function expectFixed(container: HTMLElement) {
  const content = container.querySelector('.ant-table-content');
  expect(content).not.toBeNull();
  expect(content).toHaveAttribute('tabindex', '0');
  for (const control of measureRowControls(container)) expect(control).toHaveAttribute('tabindex', '-1');
}

test('fixes a table whose container mounts after the hook (the table waits for the server-feature answer)', () => {
  const { rerender, getByTestId } = render(<Page ready={false} />);
  rerender(<Page ready />);
  const container = getByTestId('container');
  // The header's "select all" checkbox is cloned into the hidden measure row.
  expect(measureRowControls(container).length).toBeGreaterThan(0);
  expectFixed(container);
});

test('fixes a table added inside the container later', async () => {
  function Later({ shown }: { shown: boolean }) {
    const tableRef = useTableA11y();
    return (
      <div ref={tableRef} data-testid="container">
        {shown && <Table columns={COLUMNS} dataSource={ROWS} rowSelection={{}} scroll={{ x: 1200 }} pagination={false} />}
      </div>
    );
  }
  const { rerender, getByTestId } = render(<Later shown={false} />);
  rerender(<Later shown />);
  await waitFor(() => expect(getByTestId('container').querySelector('.ant-table-content')).toHaveAttribute('tabindex', '0'));
  expectFixed(getByTestId('container'));
});

test('stops observing when the container unmounts', () => {
  const disconnect = jest.spyOn(MutationObserver.prototype, 'disconnect');
  const { rerender } = render(<Page ready />);
  expect(disconnect).not.toHaveBeenCalled();
  rerender(<Page ready={false} />);
  expect(disconnect).toHaveBeenCalledTimes(1);
  disconnect.mockRestore();
});
