import { HttpError } from '../http/http-error';
import { checkConditions } from './dav-conditions';
import { parseBody, readXmlBody, sendXml, type DavRequest } from './dav-context';
import { davHref } from './dav-paths';
import { DavPropertyLimitError, deadPropertyWriter, MAX_DEAD_PROPERTY_BYTES, MAX_DEAD_PROPERTY_BYTES_PER_RESOURCE } from './dav-properties';
import { isLiveProperty } from './dav-propfind';
import { isCollection } from './dav-resources';
import { parseProppatch } from './dav-xml-requests';
import { multistatus, type PropStat } from './dav-xml-responses';

/**
 * PROPPATCH (RFC 4918 §9.2): dead properties are set and removed all together or not at all.
 * A live property in the request is 403 (cannot-modify-protected-property) and everything else
 * in it 424 Failed Dependency; limits over the store's are 507 for every property.
 */

/**
 * What the body's values may take while they are serialised: one value the store's limit, all of
 * them together what one resource may hold. A body over them is refused before anything more is
 * built (a value of many elements in a long namespace no longer grows past them while it is written).
 */
const PROPPATCH_LIMITS = { maxValueBytes: MAX_DEAD_PROPERTY_BYTES, maxTotalBytes: MAX_DEAD_PROPERTY_BYTES_PER_RESOURCE };

export async function handleProppatch(dav: DavRequest): Promise<unknown> {
  const { request, reply, deps } = dav;
  const patch = parseBody((body) => parseProppatch(body, PROPPATCH_LIMITS), await readXmlBody(request));
  const resource = await deps.resources.resolve(dav.caller, dav.path);
  if (resource.kind === 'virtual') throw new HttpError(403, 'dav.virtualReadOnly');
  if (resource.state.type === 'missing') throw new HttpError(404, 'fs.notFound');
  await checkConditions(dav, resource, { write: true });
  const href = davHref(resource.path, isCollection(resource));
  const operations = 'ops' in patch ? patch.ops : patch.overLimit;
  const names = operations.map((operation) => ({ name: operation.name }));
  const protectedOnes = operations.filter((operation) => isLiveProperty(operation.name));
  let propstats: PropStat[];
  if (protectedOnes.length > 0) {
    const others = operations.filter((operation) => !isLiveProperty(operation.name));
    propstats = [{ status: 403, error: 'cannot-modify-protected-property', props: protectedOnes.map((op) => ({ name: op.name })) }];
    if (others.length > 0) propstats.push({ status: 424, props: others.map((op) => ({ name: op.name })) });
  } else if (!('ops' in patch)) {
    propstats = [{ status: 507, props: names }];
  } else {
    try {
      await deps.properties.patch(
        resource.path,
        patch.ops.map((operation) =>
          operation.op === 'set'
            ? { op: 'set' as const, ns: operation.name.ns, local: operation.name.local, valueXml: operation.valueXml }
            : { op: 'remove' as const, ns: operation.name.ns, local: operation.name.local },
        ),
        deadPropertyWriter(dav.caller.kind, dav.principal),
      );
      propstats = [{ status: 200, props: names }];
    } catch (error) {
      if (!(error instanceof DavPropertyLimitError)) throw error;
      propstats = [{ status: 507, props: names }];
    }
  }
  return sendXml(reply, 207, multistatus([{ href, propstats }]));
}
