/** @jest-environment node */
import { markOffline, offlineShellResponse, offlineTextsFor } from './offline-fallback';

describe('offline pages', () => {
  it('marks the shell right after <head>, whatever its case or attributes', () => {
    expect(markOffline('<html><head><title>x</title></head></html>')).toBe(
      '<html><head><meta name="cloudclip-offline" content="1"><title>x</title></head></html>',
    );
    expect(markOffline('<HTML><HEAD lang="en"><title>x</title>')).toBe(
      '<HTML><HEAD lang="en"><meta name="cloudclip-offline" content="1"><title>x</title>',
    );
    // <header> in the body is not the head.
    expect(markOffline('<body><header>x</header>')).toBe('<meta name="cloudclip-offline" content="1"><body><header>x</header>');
  });

  it('keeps the shell’s headers but its length and encoding', async () => {
    const cached = new Response('<head></head>', {
      headers: {
        'Content-Security-Policy': "script-src 'self'",
        'Content-Length': '13',
        'Content-Encoding': 'br',
        'X-Frame-Options': 'DENY',
      },
    });
    const response = await offlineShellResponse(cached);
    expect(response.headers.get('content-security-policy')).toBe("script-src 'self'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('content-encoding')).toBeNull();
  });

  it('speaks Chinese to a zh browser and English to any other', () => {
    expect(offlineTextsFor('zh-CN').title).toBe('当前处于离线状态');
    expect(offlineTextsFor('zh-TW').lang).toBe('zh-CN');
    expect(offlineTextsFor('en-US').title).toBe('You are offline');
    expect(offlineTextsFor('fr').lang).toBe('en-US');
    expect(offlineTextsFor(undefined).lang).toBe('en-US');
  });
});
