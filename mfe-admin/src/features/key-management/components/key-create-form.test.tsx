import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeFetch, renderWithKernel, testKernel } from '../../../test/test-kernel';
import { KeyCreateForm } from './key-create-form';

describe('KeyCreateForm', () => {
  it('shows the spec §5 key messages and sends nothing while invalid', async () => {
    const { fetchImpl, calls } = fakeFetch([]);
    const kernel = testKernel({ language: 'en-US', fetchImpl });
    renderWithKernel(kernel, <KeyCreateForm open onClose={() => undefined} onCreated={() => undefined} />);
    fireEvent.click(await screen.findByRole('checkbox', { name: /Mount/ }));
    fireEvent.click(screen.getByRole('switch', { name: 'Custom key' }));
    fireEvent.change(await screen.findByLabelText('Key value'), { target: { value: 'not valid!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Please enter a key name')).toBeInTheDocument();
    expect(await screen.findByText('The custom key may only contain letters, digits, hyphens (-) and underscores (_)')).toBeInTheDocument();
    expect(await screen.findByText('The mount permission also requires the file permission')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('creates a key with the validated body', async () => {
    const created = {
      id: 'k1',
      name: 'ci',
      key: 'ci_key-1',
      key_masked: 'ci_key...',
      text_permission: true,
      file_permission: false,
      mount_permission: false,
      basic_path: '/',
      created_at: '',
      expires_at: '',
    };
    const { fetchImpl, calls } = fakeFetch([
      { method: 'POST', path: '/api/admin/api-keys', reply: { body: { code: 201, message: 'ok', success: true, data: created } } },
    ]);
    const kernel = testKernel({ language: 'en-US', fetchImpl });
    kernel.session.loginAdmin('t'.repeat(32));
    const onCreated = jest.fn();
    renderWithKernel(kernel, <KeyCreateForm open onClose={() => undefined} onCreated={onCreated} />);
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'ci' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Custom key' }));
    fireEvent.change(await screen.findByLabelText('Key value'), { target: { value: 'ci_key-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(calls[0]?.body).toMatchObject({
      name: 'ci',
      custom_key: 'ci_key-1',
      text_permission: true,
      mount_permission: false,
      basic_path: '/',
    });
  });
});
