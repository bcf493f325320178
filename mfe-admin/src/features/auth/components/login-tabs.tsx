import { useRef, type KeyboardEvent } from 'react';

export interface LoginTabItem<K extends string> {
  key: K;
  label: string;
}

/**
 * The two login methods as an accessible tab list (WAI-ARIA tabs: arrow keys, Home and End move
 * between tabs and activate them). A few lines instead of antd's Tabs, which brings its overflow
 * menu, dropdown and trigger (about 40 KB compressed) into the first load of `/admin`.
 */
export function LoginTabs<K extends string>({
  items,
  active,
  onChange,
  panelId,
}: {
  items: readonly LoginTabItem<K>[];
  active: K;
  onChange: (key: K) => void;
  /** Id of the element the tabs control; none in the first screen's copy, which has no ids. */
  panelId?: string;
}) {
  const refs = useRef(new Map<K, HTMLButtonElement>());

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.key === active);
    const last = items.length - 1;
    const target =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    if (target < 0) return;
    event.preventDefault();
    const next = items[target];
    if (!next) return;
    onChange(next.key);
    refs.current.get(next.key)?.focus();
  };

  return (
    <div className="cc-admin-login__tabs" role="tablist" onKeyDown={move}>
      {items.map((item) => {
        const selected = item.key === active;
        return (
          <button
            key={item.key}
            ref={(element) => {
              if (element) refs.current.set(item.key, element);
              else refs.current.delete(item.key);
            }}
            type="button"
            role="tab"
            id={panelId ? `${panelId}-tab-${item.key}` : undefined}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            className={`cc-admin-login__tab${selected ? ' cc-admin-login__tab--active' : ''}`}
            onClick={() => onChange(item.key)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
