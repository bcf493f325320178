import { isApiError, type Kernel, type PasteCreateRequest, type PasteCreateResponse } from '@cloudclip/shared-kernel';

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

/** What a failed share means for the page (the draft is kept in every case). */
export function classifyShareError(error: unknown, fallback: string): ShareFailure {
  if (!isApiError(error)) return { kind: 'other', message: error instanceof Error && error.message ? error.message : fallback };
  if (error.status === 401) return { kind: 'login', message: error.message };
  if (error.status === 403) return { kind: 'permission', message: error.message };
  if (error.status === 409) return { kind: 'slug', message: error.message };
  return { kind: 'other', message: error.message || fallback };
}
