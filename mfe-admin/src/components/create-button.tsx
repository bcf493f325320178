import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';

/** The primary "+ New …" button of a management table's toolbar. */
export function CreateButton({ label, onClick, testId }: { label: string; onClick: () => void; testId: string }) {
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
      {label}
    </Button>
  );
}
