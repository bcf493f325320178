/**
 * The lower-case extension of a name ("" when none; "tar.gz" for a gzipped tarball). A module of its
 * own (re-exported by source.ts) so that the kind table (viewer-kind.ts), which a remote's first
 * chunk carries to decide what to start loading, takes nothing else of the layer with it.
 */
export function extensionOf(name: string): string {
  const base = (name.split('/').pop() ?? '').toLowerCase();
  if (base.endsWith('.tar.gz')) return 'tar.gz';
  if (base === 'makefile' || base === 'dockerfile') return base;
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1) : '';
}
