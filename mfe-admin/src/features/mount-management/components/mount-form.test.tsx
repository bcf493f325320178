import { fireEvent, screen } from '@testing-library/react';
import { renderWithKernel, testKernel } from '../../../test/test-kernel';
import { MountForm } from './mount-form';

describe('MountForm', () => {
  it('shows the kernel mount messages (zh-CN)', async () => {
    const kernel = testKernel({ language: 'zh-CN' });
    renderWithKernel(kernel, <MountForm open mount={null} configs={[]} onClose={() => undefined} onSaved={() => undefined} />);
    fireEvent.change(await screen.findByLabelText('挂载路径'), { target: { value: '/admin/x' } });
    fireEvent.change(screen.getByLabelText('缓存时间（秒）'), { target: { value: '86401' } });
    fireEvent.change(screen.getByLabelText('排序'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: /创\s*建/ }));
    expect(await screen.findByText('请输入挂载点名称')).toBeInTheDocument();
    expect(await screen.findByText('请选择 S3 配置')).toBeInTheDocument();
    expect(await screen.findByText('/admin 是系统保留路径，不能挂载到该路径或其子路径')).toBeInTheDocument();
    expect(await screen.findByText('缓存时间不能超过 86400 秒')).toBeInTheDocument();
    expect(await screen.findByText('排序必须是整数')).toBeInTheDocument();
  });
});
