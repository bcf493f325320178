import { Navigate, useParams } from 'react-router-dom';
import { confineToBasePath, directoryFromRoute, routeOfDirectory, withoutTrailingSlash } from '../lib/fs-path';
import { explorerAccessOf } from '../features/browser/utils/explorer-access';
import { AccessNotice } from '../features/browser/components/access-notice';
import { Browser } from './browser';
import { ExplorerTitle } from './explorer-title';
import { useKernel, useSession } from '@cloudclip/shared-kernel';

/** The access gate: who may browse, and the basic-path correction of the address for key holders. */
export function ExplorerPage() {
  const kernel = useKernel();
  const session = useSession();
  const params = useParams();
  const requested = directoryFromRoute(params['*']);
  const access = explorerAccessOf(session, kernel.api);

  let content;
  if (!access.fs)
    content = <AccessNotice kind={access.kind === 'anonymous' ? 'anonymous' : 'key-without-file'} path={withoutTrailingSlash(requested)} />;
  else {
    const directory = confineToBasePath(requested, access.basePath);
    if (directory !== requested) return <Navigate to={routeOfDirectory(directory)} replace />;
    content = (
      <Browser
        fs={access.fs}
        directory={directory}
        root={access.kind === 'key' ? confineToBasePath(access.basePath, access.basePath) : '/'}
      />
    );
  }
  return (
    <section className="ce-page" data-testid="area-page" data-area="explorer" data-page="explorer">
      <ExplorerTitle />
      {content}
    </section>
  );
}
