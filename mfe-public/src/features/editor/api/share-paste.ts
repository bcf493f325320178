import { isApiError, PASTE_ENCRYPTION_V1, type Kernel, type PasteCreateRequest, type PasteCreateResponse } from '@cloudclip/shared-kernel';

export type ShareFailure =
  /** 401: not logged in (guest pastes off) or the credential was rejected. */
  | { kind: 'login'; message: string }
  /** 403: logged in with a key that lacks the text permission. */
  | { kind: 'permission'; message: string }
  /** 409: the custom suffix is taken (server message or the catalogue's 'link suffix already taken'). */
  | { kind: 'slug'; message: string }
  | { kind: 'other'; message: string };

/** `POST /api/paste` through the kernel client. */
export function sharePaste(kernel: Kernel, request: PasteCreateRequest): Promise<PasteCreateResponse> {
  return kernel.api.pastes.create(request);
}

/**
 * The request with its Markdown replaced by the encrypted envelope (and `encryption` set), plus
 * the key for the link's fragment. The share password, when there is one, is stretched into the
 * key as well. The encryption code is downloaded here, on the first encrypted share.
 */
export async function encryptShareRequest(request: PasteCreateRequest): Promise<{ request: PasteCreateRequest; key: string }> {
  const { encryptPaste } = await import(/* webpackChunkName: "paste-crypto" */ '@cloudclip/contract/paste-crypto');
  const { envelope, key } = await encryptPaste(request.content, request.password);
  return { request: { ...request, content: envelope, encryption: PASTE_ENCRYPTION_V1 }, key };
}

/** What a failed share means for the page (the draft is kept in every case). */
export function classifyShareError(error: unknown, fallback: string): ShareFailure {
  if (!isApiError(error)) return { kind: 'other', message: error instanceof Error && error.message ? error.message : fallback };
  if (error.status === 401) return { kind: 'login', message: error.message };
  if (error.status === 403) return { kind: 'permission', message: error.message };
  if (error.status === 409) return { kind: 'slug', message: error.message };
  return { kind: 'other', message: error.message || fallback };
}
