// The share sheet's POST (the web app manifest's share_target: multipart form data with title,
// text, url and files): the worker puts what was shared into the share inbox and sends the browser
// on to the page that takes it: files to the upload queue, text and links to the editor.
import {
  hasFiles,
  putSharedItem,
  SHARE_QUERY_PARAM,
  SHARE_UNAVAILABLE,
  type SharedItemInput,
} from '@cloudclip/shared-kernel/src/pwa/share-inbox';

/** The form field the manifest's share_target names for files. */
export const SHARE_FILES_FIELD = 'files';

function textField(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/** What a share-sheet form carries; null when it carries nothing. */
export function sharedInputOf(form: FormData): SharedItemInput | null {
  // A form with an empty file input still sends one part: a File with no name and no bytes.
  const files = form
    .getAll(SHARE_FILES_FIELD)
    .filter((value): value is File => typeof value !== 'string' && !(value.size === 0 && value.name === ''));
  const input: SharedItemInput = {
    title: textField(form, 'title'),
    text: textField(form, 'text'),
    url: textField(form, 'url'),
    ...(files.length ? { files } : {}),
  };
  return input.title || input.text || input.url || files.length ? input : null;
}

function redirect(origin: string, path: string, id?: string): Response {
  const target = new URL(path, origin);
  if (id) target.searchParams.set(SHARE_QUERY_PARAM, id);
  return Response.redirect(target.href, 303);
}

/**
 * Handles POST /share-target: 303 to `/upload?share=<id>` (files) or `/?share=<id>` (text, link);
 * `/` when the form carried nothing; `/?share=unavailable` when the inbox cannot be written
 * (IndexedDB refused, private mode) or the form cannot be read.
 */
export async function handleShareTarget(request: Request, origin: string, put = putSharedItem): Promise<Response> {
  let input: SharedItemInput | null;
  try {
    input = sharedInputOf(await request.formData());
  } catch {
    return redirect(origin, '/', SHARE_UNAVAILABLE);
  }
  if (!input) return redirect(origin, '/');
  try {
    const id = await put(input);
    return redirect(origin, hasFiles(input) ? '/upload' : '/', id);
  } catch {
    return redirect(origin, '/', SHARE_UNAVAILABLE);
  }
}
