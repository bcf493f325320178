import './test-env';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { zipSync } from 'fflate';
import {
  damagedZip,
  encryptedZip,
  hostileNamesZip,
  PAX_NAME,
  README_TEXT,
  sample7z,
  sampleTgz,
  sampleZip,
  SECRET_TEXT,
  ZIP_PASSWORD,
  zipClaimingHugeEntry,
} from '../../../fixtures/archive.mjs';
import { ViewerError } from '../../errors';
import type { FileSource } from '../../types';
import ArchiveViewer from './index';
import { renderWithTexts } from './test-env';

jest.mock('@zip.js/zip.js/lib/zip-core-custom.js', () => jest.requireActual('@zip.js/zip.js'), { virtual: true });
jest.mock('./libarchive-assets', () => ({ libarchiveAssets: () => ({ workerUrl: '/w.js', wasmUrl: '/l.wasm' }) }));
// The layer's FileViewer stands in as a probe: which file the archive viewer hands it, and its text.
jest.mock('../../file-viewer', () => {
  const { useEffect, useState } = jest.requireActual('react');
  return {
    ...jest.requireActual('../../file-viewer'),
    FileViewer: ({ source }: { source: FileSource }) => {
      const [text, setText] = useState('');
      useEffect(() => void source.blob?.text().then(setText), [source]);
      return (
        <div data-testid="inner-viewer" data-name={source.name} data-size={source.size}>
          {text}
        </div>
      );
    },
  };
});

function show(name: string, bytes: Uint8Array, language: 'en-US' | 'zh-CN' = 'en-US') {
  const onError = jest.fn();
  const source: FileSource = { name, size: bytes.length, blob: new Blob([bytes as BlobPart]) };
  renderWithTexts(<ArchiveViewer source={source} kind="archive" label={`Content of ${name}`} onError={onError} />, language);
  return { onError };
}

const row = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });

describe('ArchiveViewer', () => {
  test('lists the root folder with count and size, goes into a folder, opens a text in the same viewers and comes back', async () => {
    show('bundle.zip', sampleZip());
    expect(await screen.findByTestId('archive-summary')).toHaveTextContent(/^4 files, .* in total$/);
    const table = screen.getByRole('table', { name: 'Files in bundle.zip' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent?.split(/\d/)[0]),
    ).toEqual(['NameSizeModified', 'docs', 'empty-folder', 'images', 'report.pdf']);
    expect(within(table).getByText('597 B')).toBeInTheDocument();
    expect(within(within(table).getAllByRole('row')[1]!).getByText('2 items')).toBeInTheDocument();
    expect(within(within(table).getAllByRole('row')[3]!).getByText('1 item')).toBeInTheDocument();
    expect(within(table).getAllByText(/2024/).length).toBeGreaterThan(0);

    fireEvent.click(row('docs'));
    expect(screen.getByRole('navigation', { name: 'Folder' })).toHaveTextContent('bundle.zip/docs');
    expect(screen.getByRole('table', { name: 'Files in docs' })).toBeInTheDocument();
    fireEvent.click(row('readme.txt'));

    const inner = await screen.findByTestId('inner-viewer');
    expect(inner).toHaveAttribute('data-name', 'readme.txt');
    expect(inner).toHaveAttribute('data-size', String(README_TEXT.length));
    await waitFor(() => expect(inner).toHaveTextContent(README_TEXT));
    expect(screen.getByText('docs/readme.txt')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /Back to the archive/ }));
    expect(screen.getByRole('table', { name: 'Files in docs' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'bundle.zip' }));
    expect(screen.getByRole('table', { name: 'Files in bundle.zip' })).toBeInTheDocument();
  });

  test('an encrypted entry shows a lock, asks for the password, says when it is wrong and opens with the right one', async () => {
    show('locked.zip', await encryptedZip());
    const secret = await screen.findByRole('button', { name: /^secret\.txt/ });
    expect(within(secret).getByTestId('archive-lock')).toHaveAccessibleName('Encrypted');
    expect(within(row('plain.txt')).queryByTestId('archive-lock')).toBeNull();

    fireEvent.click(secret);
    const form = await screen.findByTestId('archive-password');
    expect(form).toHaveTextContent('“secret.txt” is encrypted.');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong password. Try again.');
    expect(screen.queryByTestId('inner-viewer')).toBeNull();

    fireEvent.change(within(screen.getByTestId('archive-password')).getByLabelText('Password'), { target: { value: ZIP_PASSWORD } });
    fireEvent.click(within(screen.getByTestId('archive-password')).getByRole('button', { name: 'Open' }));
    const inner = await screen.findByTestId('inner-viewer');
    await waitFor(() => expect(inner).toHaveTextContent(SECRET_TEXT));
  });

  test('lists a tar.gz in Chinese, with the pax and GNU long names as folders', async () => {
    show('bundle.tgz', sampleTgz(), 'zh-CN');
    expect(await screen.findByTestId('archive-summary')).toHaveTextContent(/^7 个文件，共 /);
    expect(screen.getByRole('columnheader', { name: '修改时间' })).toBeInTheDocument();
    fireEvent.click(row('pax'));
    for (const part of PAX_NAME.split('/').slice(1, -1))
      fireEvent.click(screen.getAllByRole('button', { name: new RegExp(`^${part}`) }).at(-1)!);
    fireEvent.click(row('pax-path.txt'));
    await waitFor(() => expect(screen.getByTestId('inner-viewer')).toHaveTextContent('named by a pax header'));
    expect(screen.getByRole('button', { name: /返回压缩包/ })).toBeInTheDocument();
  });

  test('an archive inside the archive is handed to the same viewers', async () => {
    const outer = zipSync({ 'nested/inner.zip': sampleZip() });
    show('outer.zip', outer);
    expect(await screen.findByTestId('archive-summary')).toHaveTextContent(/^1 file, /);
    fireEvent.click(await screen.findByRole('button', { name: /^nested/ }));
    fireEvent.click(row('inner.zip'));
    expect(await screen.findByTestId('inner-viewer')).toHaveAttribute('data-name', 'inner.zip');
    expect(screen.getByTestId('inner-viewer')).toHaveAttribute('data-size', String(sampleZip().length));
  });

  test('hostile names are shown literally ("../" as a folder named ..)', async () => {
    show('hostile.zip', hostileNamesZip());
    fireEvent.click(await screen.findByRole('button', { name: /^\.\./ }));
    expect(row('escape.txt')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'hostile.zip' }));
    expect(row('a\ufffdbell.txt')).toBeInTheDocument();
  });

  test('an entry over 200 MB is refused with a clear message, and the listing stays', async () => {
    show('bomb.zip', zipClaimingHugeEntry());
    fireEvent.click(await screen.findByRole('button', { name: /^folder-00/ }));
    fireEvent.click(row('entry-00000.txt'));
    expect(await screen.findByTestId('archive-notice')).toHaveTextContent(
      '“entry-00000.txt” is larger than 200 MB uncompressed and cannot be previewed here',
    );
    expect(screen.queryByTestId('inner-viewer')).toBeNull();
    expect(screen.getByRole('table', { name: 'Files in folder-00' })).toBeInTheDocument();
  });

  test('cancelling the password leaves the listing as it was', async () => {
    show('locked.zip', await encryptedZip({ zipCrypto: true }));
    fireEvent.click(await screen.findByRole('button', { name: /^secret\.txt/ }));
    fireEvent.click(within(await screen.findByTestId('archive-password')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('archive-password')).toBeNull();
    expect(screen.getByRole('table', { name: 'Files in locked.zip' })).toBeInTheDocument();
  });

  test('a damaged zip falls back as damaged', async () => {
    const { onError } = show('cut.zip', damagedZip());
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError.mock.calls[0][0]).toBeInstanceOf(ViewerError);
    expect(onError.mock.calls[0][0].reason).toBe('damaged');
  });

  test('a 7z falls back as unsupported where the browser cannot start libarchive', async () => {
    const { onError } = show('bundle.7z', sample7z());
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError.mock.calls[0][0].reason).toBe('unsupported');
  });
});
