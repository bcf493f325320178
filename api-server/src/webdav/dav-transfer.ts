import { readObjectRange, sendObject, sendObjectHead } from '../http/byte-range-response';
import { HttpError } from '../http/http-error';
import { requestOrigin } from '../http/request-origin';
import { storageHttpError } from '../services/storage-errors';
import { isStorageError, quoteEtag } from '../storage/storage-driver';
import { checkConditions } from './dav-conditions';
import { bodyStream, headerOf, type DavRequest } from './dav-context';
import { davHref } from './dav-paths';
import { escapeXml } from './dav-xml-serialize';

/**
 * GET and HEAD (a file, ranged when asked; a collection as a plain list of links) and PUT
 * (streamed into the storage through DavUploads: size limit, quota, upload mode).
 */

export async function handleGet(dav: DavRequest): Promise<unknown> {
  const { request, reply, deps } = dav;
  const resource = await deps.resources.resolve(dav.caller, dav.path);
  if (resource.kind === 'stored' && resource.state.type === 'missing') throw new HttpError(404, 'fs.notFound');
  await checkConditions(dav, resource, { safe: true });
  const head = request.method === 'HEAD';
  if (resource.kind === 'virtual' || resource.state.type === 'folder') {
    const links: string[] = [];
    let count = 0;
    for await (const page of deps.resources.members(resource)) {
      for (const member of page) {
        if (count >= 10000) break;
        count += 1;
        const href = davHref(member.path, member.isCollection);
        links.push(`<li><a href="${escapeXml(href)}">${escapeXml(member.name)}${member.isCollection ? '/' : ''}</a></li>`);
      }
    }
    const title = escapeXml(resource.path);
    const html = `<!doctype html><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><ul>${links.join('')}</ul>`;
    reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return head ? reply.header('content-length', String(Buffer.byteLength(html))).send() : reply.send(html);
  }
  const { target, state } = resource;
  if (state.type !== 'file') throw new HttpError(404, 'fs.notFound');
  const headers = {
    'content-type': state.info.contentType || 'application/octet-stream',
    etag: quoteEtag(state.info.etag),
    'last-modified': state.info.lastModified.toUTCString(),
    'accept-ranges': 'bytes',
    'cache-control': 'no-store',
  };
  if (head) return sendObjectHead(reply, state.info, headers);
  try {
    const object = await readObjectRange(target.driver, target.key, headerOf(request, 'range'));
    return sendObject(reply, object, headers);
  } catch (error) {
    if (isStorageError(error, 'NoSuchKey')) throw new HttpError(404, 'fs.notFound');
    if (error instanceof HttpError) throw error;
    throw storageHttpError(error);
  }
}

export async function handlePut(dav: DavRequest): Promise<unknown> {
  const { request, reply, deps } = dav;
  const body = bodyStream(request);
  try {
    if (headerOf(request, 'content-range') !== undefined) throw new HttpError(400, 'error.badRequest');
    const resource = await deps.resources.resolve(dav.caller, dav.path);
    if (resource.kind === 'virtual') throw new HttpError(403, 'dav.virtualReadOnly');
    if (resource.state.type === 'folder' || dav.path.isDirectory) throw new HttpError(405, 'dav.methodNotAllowed');
    const created = resource.state.type === 'missing';
    await checkConditions(dav, resource, { write: true, changesParent: created });
    if (created && !(await deps.resources.parentExists(resource))) throw new HttpError(409, 'fs.parentMissing');
    const length = headerOf(request, 'content-length');
    const contentLength = length === undefined ? undefined : Number(length);
    const { etag } = await deps.uploads.store({
      caller: dav.caller,
      target: resource.target,
      body,
      contentLength: Number.isFinite(contentLength) ? contentLength : undefined,
      urlBase: requestOrigin(request),
    });
    return reply
      .code(created ? 201 : 204)
      .header('etag', quoteEtag(etag))
      .send();
  } finally {
    // A refused PUT still reads (and drops) the rest of the body, so the answer reaches the client.
    if (!body.readableEnded) body.resume();
  }
}
