import { CliError } from '../errors';
import { errorForNetwork, errorForStatus, kindOfStatus } from './error-map';

describe('error mapping', () => {
  it('maps statuses to kinds', () => {
    expect(kindOfStatus(401, '')).toBe('auth');
    expect(kindOfStatus(403, '')).toBe('auth');
    expect(kindOfStatus(401, '', { password: true })).toBe('password');
    expect(kindOfStatus(404, '')).toBe('not-found');
    expect(kindOfStatus(410, '')).toBe('gone');
    expect(kindOfStatus(413, '')).toBe('too-large');
    expect(kindOfStatus(400, 'Storage quota exceeded for this configuration')).toBe('quota');
    expect(kindOfStatus(400, 'File too large: the limit is 10 MB')).toBe('too-large');
    expect(kindOfStatus(409, 'slug already used')).toBe('bad-input');
    expect(kindOfStatus(500, 'boom')).toBe('server');
  });

  it('gives each kind its own message in both languages, with the server reason where useful', () => {
    const cases: Array<[number, string, RegExp, RegExp]> = [
      [401, 'bad key', /refused the credentials.*bad key.*cloudclip login/, /拒绝了凭据.*bad key.*cloudclip login/],
      [404, 'gone missing', /^not found \(gone missing\)/, /^未找到（gone missing）/],
      [410, '', /expired or its views are used up/, /已过期或查看次数已用完/],
      [400, 'quota full', /refused it: quota full/, /拒绝了请求：quota full/],
      [413, 'max 1 GB', /^too large: max 1 GB/, /^太大：max 1 GB/],
      [502, '', /server failed \(HTTP 502\)/, /服务器出错（HTTP 502）/],
    ];
    for (const [status, reason, en, zh] of cases) {
      const english = errorForStatus('en-US', status, reason);
      expect(english).toBeInstanceOf(CliError);
      expect(english.exitCode).toBe(1);
      expect(english.status).toBe(status);
      expect(english.message).toMatch(en);
      expect(errorForStatus('zh-CN', status, reason).message).toMatch(zh);
    }
    expect(errorForStatus('en-US', 401, 'x', { password: true }).message).toBe('wrong password');
    expect(errorForStatus('zh-CN', 401, 'x', { password: true }).message).toBe('密码错误');
  });

  it('a request without an answer is "cannot reach <server>"', () => {
    const refused = errorForNetwork('en-US', 'http://h:1', new TypeError('fetch failed'));
    expect(refused.kind).toBe('unreachable');
    expect(refused.message).toBe('cannot reach http://h:1: is it running?');
    const timeout = errorForNetwork('zh-CN', 'http://h:1', Object.assign(new Error('t'), { name: 'TimeoutError' }));
    expect(timeout.kind).toBe('unreachable');
    expect(timeout.message).toContain('未及时应答');
  });
});
