import type { ReactNode } from 'react';
import { ProCard } from '@ant-design/pro-components';

/**
 * The chrome every settings and backup section shares: a bordered ProCard whose title is a level-2
 * heading (so the page outline reads "page title > section"), with a test id. `data-step` is passed
 * through for cards that expose their state to tests.
 */
export function SectionCard({ title, testId, step, children }: { title: ReactNode; testId: string; step?: string; children?: ReactNode }) {
  return (
    <ProCard title={<h2 className="cc-admin-card-title">{title}</h2>} bordered headerBordered data-testid={testId} data-step={step}>
      {children}
    </ProCard>
  );
}
