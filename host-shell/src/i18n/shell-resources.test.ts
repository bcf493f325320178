import { shellResources } from './shell-resources';
import { leafKeys } from '@cloudclip/shared-kernel/testing/leaf-keys';

describe('shell texts', () => {
  it('have exactly the same keys in zh-CN and en-US', () => {
    expect(leafKeys(shellResources['en-US']).sort()).toEqual(leafKeys(shellResources['zh-CN']).sort());
  });

  it('carry the Chinese environment-switcher wording of the spec', () => {
    expect(shellResources['zh-CN'].envSwitcher.title).toBe('API环境切换');
    expect(shellResources['zh-CN'].envSwitcher.placeholder).toBe('输入API基础URL');
  });

  it('name the four nav links of the spec', () => {
    const nav = shellResources['en-US'].nav;
    expect([nav.home, nav.upload, nav.mountExplorer, nav.admin]).toEqual(['Home', 'Upload', 'Mount Explorer', 'Admin']);
  });

  it('put the year into the copyright line in both languages', () => {
    expect(shellResources['zh-CN'].footer.copyright).toContain('{{year}}');
    expect(shellResources['en-US'].footer.copyright).toContain('{{year}}');
  });
});
