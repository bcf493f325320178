import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { type Language, type SharedItemInput } from '@cloudclip/shared-kernel';
import { shellTestKernel } from '../../../testing/shell-kernel';
import { FileDrop } from './file-drop';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderFileDrop(options: { enabled?: boolean; language?: Language; putItem?: (input: SharedItemInput) => Promise<string> } = {}) {
  const kernel = shellTestKernel(options.language);
  const putItem = options.putItem ?? jest.fn(async () => 'inbox-7');
  render(
    <I18nextProvider i18n={kernel.i18n.i18n}>
      <MemoryRouter initialEntries={['/paste/abc']}>
        <button type="button">outside</button>
        <div data-testid="own-drop-zone" onDragOver={(event) => event.preventDefault()} onDrop={(event) => event.preventDefault()} />
        <FileDrop enabled={options.enabled ?? true} uploadPath="/upload" putItem={putItem} />
        <LocationProbe />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return { putItem };
}

/** A drag event as the browser sends it: files (types has 'Files') or a text. */
function dragEvent(type: string, transfer: { files?: File[]; text?: boolean }) {
  const event = new Event(type, { bubbles: true, cancelable: true });
  const files = transfer.files ?? [];
  const types = transfer.text ? ['text/plain'] : ['Files'];
  Object.defineProperty(event, 'dataTransfer', { value: { types, files, dropEffect: 'none' } });
  return event;
}

const file = (name: string) => new File(['x'], name, { type: 'text/plain' });
const overlay = () => screen.queryByTestId('file-drop-overlay');

async function dropOnPage(files: File[], target: EventTarget = document.body) {
  await act(async () => {
    target.dispatchEvent(dragEvent('dragenter', { files }));
    target.dispatchEvent(dragEvent('dragover', { files }));
    target.dispatchEvent(dragEvent('drop', { files }));
  });
}

describe('drop anywhere: the overlay', () => {
  it('covers the page while files are dragged over it, and goes when they leave the window', () => {
    renderFileDrop();
    act(() => {
      document.body.dispatchEvent(dragEvent('dragenter', { files: [] }));
    });
    expect(overlay()).toHaveTextContent('Drop files to upload them');
    const over = dragEvent('dragover', { files: [] });
    act(() => {
      document.body.dispatchEvent(over);
    });
    expect(over.defaultPrevented).toBe(true);
    // Moving onto another element: its dragenter comes before the last one's dragleave.
    act(() => {
      screen.getByRole('button', { name: 'outside' }).dispatchEvent(dragEvent('dragenter', { files: [] }));
      document.body.dispatchEvent(dragEvent('dragleave', { files: [] }));
    });
    expect(overlay()).toBeInTheDocument();
    act(() => {
      screen.getByRole('button', { name: 'outside' }).dispatchEvent(dragEvent('dragleave', { files: [] }));
    });
    expect(overlay()).not.toBeInTheDocument();
  });

  it('says it in Chinese for a zh-CN visitor', () => {
    renderFileDrop({ language: 'zh-CN' });
    act(() => {
      document.body.dispatchEvent(dragEvent('dragenter', { files: [] }));
    });
    expect(overlay()).toHaveTextContent('松开即可上传文件');
  });

  it('stays away for a dragged text, and leaves its drop to the browser', () => {
    renderFileDrop();
    const over = dragEvent('dragover', { text: true });
    act(() => {
      document.body.dispatchEvent(dragEvent('dragenter', { text: true }));
      document.body.dispatchEvent(over);
    });
    expect(overlay()).not.toBeInTheDocument();
    expect(over.defaultPrevented).toBe(false);
  });

  it('does nothing on the upload page, which takes dropped files itself', async () => {
    renderFileDrop({ enabled: false });
    const drop = dragEvent('drop', { files: [file('a.txt')] });
    act(() => {
      document.body.dispatchEvent(dragEvent('dragenter', { files: [] }));
      document.body.dispatchEvent(drop);
    });
    expect(overlay()).not.toBeInTheDocument();
    expect(drop.defaultPrevented).toBe(false);
    expect(screen.queryByTestId('file-drop-confirm')).not.toBeInTheDocument();
  });

  it('steps aside over an element that takes drops itself', () => {
    renderFileDrop();
    act(() => {
      document.body.dispatchEvent(dragEvent('dragenter', { files: [] }));
      document.body.dispatchEvent(dragEvent('dragover', { files: [] }));
    });
    expect(overlay()).toBeInTheDocument();
    act(() => {
      screen.getByTestId('own-drop-zone').dispatchEvent(dragEvent('dragenter', { files: [] }));
      screen.getByTestId('own-drop-zone').dispatchEvent(dragEvent('dragover', { files: [] }));
    });
    expect(overlay()).not.toBeInTheDocument();
    act(() => {
      document.body.dispatchEvent(dragEvent('dragover', { files: [] }));
    });
    expect(overlay()).toBeInTheDocument();
  });

  it('leaves a drop alone that an element of the page handled itself', async () => {
    renderFileDrop();
    await dropOnPage([file('a.txt')], screen.getByTestId('own-drop-zone'));
    expect(screen.queryByTestId('file-drop-confirm')).not.toBeInTheDocument();
    expect(overlay()).not.toBeInTheDocument();
  });
});

describe('drop anywhere: the confirmation', () => {
  it('asks whether to upload the dropped files, naming them', async () => {
    renderFileDrop();
    const drop = dragEvent('drop', { files: [file('notes.md'), file('photo.jpg')] });
    await act(async () => {
      document.body.dispatchEvent(dragEvent('dragenter', { files: [] }));
      document.body.dispatchEvent(drop);
    });
    expect(drop.defaultPrevented).toBe(true);
    expect(overlay()).not.toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Upload 2 files?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAttribute('data-testid', 'file-drop-confirm');
    expect(dialog).toHaveTextContent('notes.md');
    expect(dialog).toHaveTextContent('photo.jpg');
    expect(screen.getByRole('button', { name: 'Upload' })).toHaveFocus();
  });

  it('counts one file in the singular, and lists five names then "and N more"', async () => {
    renderFileDrop();
    await dropOnPage([file('one.txt')]);
    expect(screen.getByRole('dialog', { name: 'Upload 1 file?' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await dropOnPage(Array.from({ length: 8 }, (_, index) => file(`f${index}.txt`)));
    const dialog = screen.getByRole('dialog', { name: 'Upload 8 files?' });
    expect(dialog.querySelectorAll('li')).toHaveLength(6);
    expect(dialog).toHaveTextContent('f4.txt');
    expect(dialog).not.toHaveTextContent('f5.txt');
    expect(dialog).toHaveTextContent('and 3 more');
  });

  it('asks in Chinese for a zh-CN visitor', async () => {
    renderFileDrop({ language: 'zh-CN' });
    await dropOnPage([file('a.txt'), file('b.txt'), file('c.txt')]);
    expect(screen.getByRole('dialog', { name: '上传 3 个文件？' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '上传' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '取消' })).toBeInTheDocument();
  });

  it('puts the files into the share inbox on Upload and opens the upload page with them', async () => {
    const { putItem } = renderFileDrop();
    const files = [file('notes.md'), file('photo.jpg')];
    await dropOnPage(files);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    });
    expect(putItem).toHaveBeenCalledWith({ files });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/upload?share=inbox-7'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('puts nothing anywhere on Cancel, nor on Escape', async () => {
    const { putItem } = renderFileDrop();
    await dropOnPage([file('a.txt')]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await dropOnPage([file('a.txt')]);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Upload' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(putItem).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/paste/abc');
  });

  it('keeps Tab inside the dialog', async () => {
    renderFileDrop();
    await dropOnPage([file('a.txt')]);
    const upload = screen.getByRole('button', { name: 'Upload' });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    fireEvent.keyDown(upload, { key: 'Tab' });
    expect(cancel).toHaveFocus();
    fireEvent.keyDown(cancel, { key: 'Tab', shiftKey: true });
    expect(upload).toHaveFocus();
  });

  it('says so in the dialog, and stays, when the inbox cannot take the files', async () => {
    const putItem = jest.fn(async () => Promise.reject(new Error('QuotaExceededError')));
    renderFileDrop({ putItem });
    await dropOnPage([file('big.iso')]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    });
    const dialog = screen.getByRole('dialog');
    expect(dialog).toContainElement(screen.getByRole('alert'));
    expect(screen.getByRole('alert')).toHaveTextContent('The files could not be handed to the upload page.');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
    expect(screen.getByTestId('location')).toHaveTextContent('/paste/abc');
  });
});
