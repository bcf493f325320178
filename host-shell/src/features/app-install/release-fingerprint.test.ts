import { releasesDiffer } from './release-fingerprint';

const remote = (name: string, version: string, entry = `/remotes/${name}/${version}/mf-manifest.json`) => ({ name, version, entry });
const host = (version: string) => ({ package: 'host-shell', version });

describe('releasesDiffer', () => {
  const booted = { host: host('1.0.0'), remotes: [remote('cloudclip_public', '1.0.0'), remote('cloudclip_admin', '2.0.0')] };

  it('finds nothing new in the same set of releases, in whatever order', () => {
    expect(releasesDiffer(booted, { host: host('1.0.0'), remotes: [...booted.remotes].reverse() })).toBe(false);
  });

  it.each([
    ['another version of a remote', { ...booted, remotes: [remote('cloudclip_public', '1.0.1'), remote('cloudclip_admin', '2.0.0')] }],
    [
      'another entry of a remote (a dev override)',
      { ...booted, remotes: [remote('cloudclip_public', '1.0.0', 'http://localhost:3001/mf-manifest.json'), booted.remotes[1]!] },
    ],
    ['a remote more', { ...booted, remotes: [...booted.remotes, remote('cloudclip_upload', '1.0.0')] }],
    ['a remote less', { ...booted, remotes: booted.remotes.slice(1) }],
    ['another host', { ...booted, host: host('1.1.0') }],
  ])('sees %s', (_label, current) => {
    expect(releasesDiffer(booted, current)).toBe(true);
  });

  it('leaves the host out when one manifest does not name it', () => {
    expect(releasesDiffer({ remotes: booted.remotes }, booted)).toBe(false);
    expect(releasesDiffer(booted, { remotes: booted.remotes })).toBe(false);
  });
});
