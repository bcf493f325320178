import { fallbackPlugin, isLoadFailure } from './fallback-plugin';

type ErrorLoadRemote = (args: { id: string; error: unknown; lifecycle: string; from: string; origin: unknown }) => unknown;

function hook(): ErrorLoadRemote {
  return fallbackPlugin().errorLoadRemote as unknown as ErrorLoadRemote;
}

describe('fallbackPlugin', () => {
  it('has a name', () => {
    expect(fallbackPlugin().name).toBe('cloudclip-fallback-plugin');
  });

  it('turns a failed final load into a load-failure value carrying the id and the error', () => {
    const error = new Error('ScriptExternalLoadError');
    const result = hook()({ id: 'cloudclip_admin/spa', error, lifecycle: 'onLoad', from: 'runtime', origin: {} });
    expect(isLoadFailure(result)).toBe(true);
    expect(result).toEqual({ __cloudclipLoadFailure: true, id: 'cloudclip_admin/spa', error });
  });

  it.each(['beforeRequest', 'afterResolve', 'beforeLoadShare'])('leaves the %s stage alone', (lifecycle) => {
    expect(hook()({ id: 'cloudclip_admin/spa', error: new Error('x'), lifecycle, from: 'runtime', origin: {} })).toBeUndefined();
  });
});

describe('isLoadFailure', () => {
  it('recognises only load-failure values', () => {
    expect(isLoadFailure({ __cloudclipLoadFailure: true, id: 'x', error: null })).toBe(true);
    expect(isLoadFailure({ __cloudclipLoadFailure: 'true' })).toBe(false);
    expect(isLoadFailure({ default: { mount: () => undefined } })).toBe(false);
    expect(isLoadFailure(null)).toBe(false);
    expect(isLoadFailure(undefined)).toBe(false);
  });
});
