import { ProFormCheckbox, ProFormDependency, ProFormRadio, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Alert, Button, Form, Space, Typography, Upload } from 'antd';
import { CloudDownloadOutlined, FileTextOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { errorText, useKernel } from '@cloudclip/shared-kernel';
import type { FormRule } from 'antd';
import {
  DEFAULT_SFTP_PORT,
  MAX_PRIVATE_KEY_FILE_BYTES,
  hostKeyFileFor,
  sftpEndpoint,
  type RemoteStorageField,
} from '../api/remote-storage-form';
import type { StorageConfigFormValues } from '../api/storage-config-form';

type Translate = (key: string, options?: Record<string, unknown>) => string;

interface FieldsProps {
  t: Translate;
  /** Editing: blank credentials keep the stored ones. */
  editing: boolean;
  rule: (field: RemoteStorageField) => FormRule;
}

/** The user name (write-only like the S3 keys: blank on edit = keep). */
function UserField({ t, editing, rule }: FieldsProps) {
  return (
    <ProFormText
      name="access_key_id"
      label={t('storage.fieldUser')}
      required={!editing}
      placeholder={editing ? t('storage.secretKeep') : undefined}
      fieldProps={{ autoComplete: 'off' }}
      rules={[rule('access_key_id')]}
    />
  );
}

/** The password (blank on edit = keep). */
function PasswordField({ t, editing, rule }: FieldsProps) {
  return (
    <ProFormText.Password
      name="secret_access_key"
      label={t('storage.fieldPassword')}
      required={!editing}
      placeholder={editing ? t('storage.secretKeep') : undefined}
      fieldProps={{ autoComplete: 'new-password' }}
      rules={[rule('secret_access_key')]}
    />
  );
}

/** Server URL, user, password and base folder of a WebDAV config. */
export function WebDavFields({ t, editing, rule }: FieldsProps) {
  return (
    <>
      <ProFormText
        name="endpoint_url"
        label={t('storage.fieldWebDavUrl')}
        required
        placeholder="https://nas.example/remote.php/dav/files/me/"
        tooltip={t('storage.webDavUrlHelp')}
        rules={[rule('endpoint_url')]}
      />
      <UserField t={t} editing={editing} rule={rule} />
      <PasswordField t={t} editing={editing} rule={rule} />
      <ProFormText name="bucket_name" label={t('storage.fieldBaseFolder')} tooltip={t('storage.baseFolderHelp')} />
    </>
  );
}

/** Reads a private key file chosen by the admin into the key textarea. */
function KeyFilePicker({ t, onText }: { t: Translate; onText: (text: string) => void }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <Space direction="vertical" size={4}>
      <Upload
        accept=".pem,.key,text/plain,application/x-pem-file,*"
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          setError(null);
          if (file.size > MAX_PRIVATE_KEY_FILE_BYTES) setError(t('storage.errKeyFileTooLarge'));
          else
            void file
              .text()
              .then(onText)
              .catch(() => setError(t('storage.errKeyFileUnreadable')));
          return false;
        }}
      >
        <Button icon={<FileTextOutlined />} data-testid="sftp-key-file">
          {t('storage.keyFromFile')}
        </Button>
      </Upload>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </Space>
  );
}

/** Fetches the server's host key and offers it for confirmation. */
function HostKeyFetch({ t }: { t: Translate }) {
  const kernel = useKernel();
  const form = Form.useFormInstance<StorageConfigFormValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fetchKey = async () => {
    const endpoint = sftpEndpoint(form.getFieldsValue(['sftp_host', 'sftp_port']) as StorageConfigFormValues);
    if (!endpoint) {
      void form.validateFields(['sftp_host', 'sftp_port']);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const probed = await kernel.api.s3Configs.probeSftpHostKey(endpoint);
      form.setFieldsValue({
        host_key_sha256: probed.host_key_sha256,
        host_key_fetched: probed.host_key_sha256,
        host_key_type: probed.key_type,
        host_key_confirmed: false,
      });
      void form.validateFields(['host_key_sha256']);
    } catch (caught) {
      setError(errorText(caught, t('common:errors.requestFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      <Button icon={<CloudDownloadOutlined />} loading={busy} onClick={() => void fetchKey()} data-testid="sftp-fetch-host-key">
        {t('storage.fetchHostKey')}
      </Button>
      {error && <Alert type="error" showIcon message={error} data-testid="sftp-host-key-error" />}
    </Space>
  );
}

/** Host, port, user, password or private key, host key fingerprint and base folder of an SFTP config. */
export function SftpFields({ t, editing, rule }: FieldsProps) {
  const form = Form.useFormInstance<StorageConfigFormValues>();
  return (
    <>
      <ProFormText name="sftp_host" label={t('storage.fieldHost')} required placeholder="files.example.org" rules={[rule('sftp_host')]} />
      <ProFormText
        name="sftp_port"
        label={t('storage.fieldPort')}
        placeholder={String(DEFAULT_SFTP_PORT)}
        fieldProps={{ inputMode: 'numeric' }}
        rules={[rule('sftp_port')]}
      />
      <UserField t={t} editing={editing} rule={rule} />
      <ProFormRadio.Group
        name="sftp_auth"
        label={t('storage.fieldAuth')}
        options={[
          { value: 'password', label: t('storage.authPassword') },
          { value: 'key', label: t('storage.authKey') },
        ]}
      />
      <ProFormDependency name={['sftp_auth']}>
        {({ sftp_auth }: StorageConfigFormValues) =>
          sftp_auth === 'key' ? (
            <>
              <ProFormTextArea
                name="private_key"
                label={t('storage.fieldPrivateKey')}
                required={!editing}
                placeholder={editing ? t('storage.secretKeep') : '-----BEGIN OPENSSH PRIVATE KEY-----'}
                tooltip={t('storage.privateKeyHelp')}
                fieldProps={{ rows: 5, spellCheck: false, autoComplete: 'off', style: { fontFamily: 'monospace' } }}
                rules={[rule('private_key')]}
              />
              <Form.Item>
                <KeyFilePicker
                  t={t}
                  onText={(text) => {
                    form.setFieldsValue({ private_key: text });
                    void form.validateFields(['private_key']);
                  }}
                />
              </Form.Item>
            </>
          ) : (
            <PasswordField t={t} editing={editing} rule={rule} />
          )
        }
      </ProFormDependency>
      <ProFormText
        name="host_key_sha256"
        label={t('storage.fieldHostKey')}
        required
        placeholder="SHA256:"
        tooltip={t('storage.hostKeyHelp')}
        fieldProps={{ spellCheck: false, style: { fontFamily: 'monospace' } }}
        rules={[rule('host_key_sha256')]}
      />
      <ProFormText name="host_key_fetched" hidden />
      <ProFormText name="host_key_type" hidden />
      <Form.Item>
        <HostKeyFetch t={t} />
      </Form.Item>
      <ProFormDependency name={['host_key_sha256', 'host_key_fetched', 'host_key_type']}>
        {({ host_key_sha256, host_key_fetched, host_key_type }: StorageConfigFormValues) =>
          host_key_fetched && host_key_fetched === (host_key_sha256 ?? '').trim() ? (
            <>
              <Alert
                type="info"
                showIcon
                data-testid="sftp-host-key-fetched"
                message={t('storage.hostKeyFetchedTitle', { type: host_key_type ?? '' })}
                description={
                  <>
                    <Typography.Text code copyable style={{ wordBreak: 'break-all' }} data-testid="sftp-host-key-value">
                      {host_key_fetched}
                    </Typography.Text>
                    <div>{t('storage.hostKeyCompare')}</div>
                    <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                      {`ssh-keygen -l -f ${hostKeyFileFor(host_key_type)}`}
                    </Typography.Text>
                  </>
                }
              />
              <ProFormCheckbox name="host_key_confirmed" rules={[rule('host_key_confirmed')]}>
                {t('storage.hostKeyConfirm')}
              </ProFormCheckbox>
            </>
          ) : null
        }
      </ProFormDependency>
      <ProFormText name="bucket_name" label={t('storage.fieldBaseFolder')} tooltip={t('storage.sftpBaseFolderHelp')} />
    </>
  );
}
