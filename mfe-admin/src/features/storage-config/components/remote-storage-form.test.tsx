import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeFetch, renderWithKernel, testKernel } from '../../../test/test-kernel';
import { StorageConfigForm } from './storage-config-form';

// Role queries walk antd's whole drawer in jsdom (tens of seconds): labels and texts find the same controls.

const FINGERPRINT = 'SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8';

function renderForm(probe: { status?: number; body: unknown }) {
  const backend = fakeFetch([
    { method: 'POST', path: '/api/s3-configs/sftp-host-key', reply: probe },
    { method: 'POST', path: '/api/s3-configs', reply: { body: { code: 201, message: 'created', success: true, data: { id: 'n' } } } },
  ]);
  const kernel = testKernel({ language: 'en-US', fetchImpl: backend.fetchImpl });
  kernel.session.loginAdmin('t'.repeat(32));
  const onSaved = jest.fn();
  renderWithKernel(kernel, <StorageConfigForm open config={null} onClose={() => undefined} onSaved={onSaved} />);
  const creates = () => backend.calls.filter((call) => call.method === 'POST' && new URL(call.url).pathname === '/api/s3-configs');
  return { calls: backend.calls, creates, onSaved };
}

async function chooseProvider(label: string) {
  fireEvent.mouseDown(screen.getByLabelText('Provider'));
  fireEvent.click(await screen.findByText(label, { selector: '.ant-select-item-option-content' }));
}

const createButton = (): HTMLElement => {
  const button = screen.getByText('Create').closest('button');
  if (!button) throw new Error('no Create button');
  return button;
};

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('storage config form: WebDAV and SFTP', () => {
  it('switches to the WebDAV fields and hides the S3-only ones', async () => {
    renderForm({ body: {} });
    expect(screen.getByLabelText('Region')).toBeInTheDocument();
    await chooseProvider('WebDAV (NAS, Nextcloud, rclone…)');
    expect(await screen.findByLabelText('WebDAV server URL')).toBeInTheDocument();
    expect(screen.getByLabelText('User name')).toBeInTheDocument();
    expect(screen.getByLabelText('Base folder')).toBeInTheDocument();
    for (const hidden of ['Region', 'Path-style access', 'Custom domain', 'Bucket']) expect(screen.queryByLabelText(hidden)).toBeNull();
  });

  it('saves an SFTP config only once the fetched fingerprint is confirmed', async () => {
    const { calls, creates, onSaved } = renderForm({
      body: {
        code: 200,
        message: 'ok',
        success: true,
        data: { endpoint_url: 'sftp://files.example.org:2222', host_key_sha256: FINGERPRINT, key_type: 'ssh-ed25519' },
      },
    });
    await chooseProvider('SFTP (SSH server)');
    type('Name', 'Box');
    type('Host', 'files.example.org');
    type('Port', '2222');
    type('User name', 'bob');
    type('Password', 'pw');

    fireEvent.click(createButton());
    expect(await screen.findByText('Fetch the fingerprint and compare it, or type the fingerprint')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('sftp-fetch-host-key'));
    expect(await screen.findByTestId('sftp-host-key-fetched')).toHaveTextContent('ssh-ed25519');
    expect(screen.getByText('ssh-keygen -l -f /etc/ssh/ssh_host_ed25519_key.pub')).toBeInTheDocument();
    expect(calls.find((call) => call.url.endsWith('/sftp-host-key'))?.body).toEqual({ endpoint_url: 'sftp://files.example.org:2222' });
    expect(screen.getByLabelText('Host key fingerprint')).toHaveValue(FINGERPRINT);

    fireEvent.click(createButton());
    expect(await screen.findByText("Compare the fingerprint with the server's, then tick the confirmation")).toBeInTheDocument();
    expect(creates()).toHaveLength(0);

    fireEvent.click(screen.getByLabelText('I have compared this fingerprint'));
    fireEvent.click(createButton());
    await waitFor(() => expect(creates()).toHaveLength(1));
    expect(creates()[0]?.body).toMatchObject({
      provider_type: 'SFTP',
      endpoint_url: 'sftp://files.example.org:2222',
      access_key_id: 'bob',
      secret_access_key: 'pw',
      host_key_sha256: FINGERPRINT,
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('refuses a malformed typed fingerprint and shows why a fetch failed', async () => {
    renderForm({
      status: 504,
      body: { code: 504, success: false, data: null, message: 'The SFTP server sftp://files.example.org:22 did not answer within 10 s' },
    });
    await chooseProvider('SFTP (SSH server)');
    type('Host', 'files.example.org');
    type('Host key fingerprint', 'MD5:16:27:ac');
    fireEvent.click(createButton());
    expect(
      await screen.findByText('Malformed fingerprint: expected SHA256: followed by 43 characters, as ssh-keygen -l prints it'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('sftp-fetch-host-key'));
    expect(await screen.findByTestId('sftp-host-key-error')).toHaveTextContent('did not answer within 10 s');
  });
});
