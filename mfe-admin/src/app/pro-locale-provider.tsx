import type { ReactNode } from 'react';
import { ProConfigProvider, enUSIntl, zhCNIntl } from '@ant-design/pro-components';
import { useLanguage } from '@cloudclip/shared-kernel';

/** pro-components' texts (tables, forms, layout) in the kernel's language; wraps everything that uses pro-components. */
export function ProLocaleProvider({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return (
    <ProConfigProvider intl={language === 'zh-CN' ? zhCNIntl : enUSIntl} hashed>
      {children}
    </ProConfigProvider>
  );
}
