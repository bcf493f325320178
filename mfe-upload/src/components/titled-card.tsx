import type { ReactNode } from 'react';

/** A card of the upload page headed by its title (which labels the card), with `aside` beside the title. */
export function TitledCard({
  titleId,
  title,
  testId,
  aside,
  children,
}: {
  titleId: string;
  title: string;
  testId: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="cc-card" aria-labelledby={titleId} data-testid={testId}>
      <div className="cu-card__head">
        <h2 id={titleId} className="cc-card__title">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
