/**
 * The console's tabs (WAI-ARIA's tabs pattern, automatic activation): a tab list whose selected tab alone is in
 * the page's Tab order, the arrow keys (and Home, End) moving to and selecting the others. Only the selected tab's
 * panel is rendered (the others stay as empty hidden panels, the tabs' targets): 商品編集's four languages of fifteen
 * texts each were most of its render. A form keeps the values of fields not shown (react-hook-form keeps them unless
 * told to unregister), and says which hidden tab holds a refused field (translations-fieldset.tsx).
 */
import { type KeyboardEvent, type ReactNode, useId } from 'react';

export interface TabItem<K extends string> {
  key: K;
  /** The tab's text (its accessible name). */
  label: ReactNode;
  panel: ReactNode;
}

export function Tabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
}: {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect(key: NoInfer<K>): void;
}) {
  const base = useId();
  const tabId = (key: K) => `${base}-tab-${key}`;
  const panelId = (key: K) => `${base}-panel-${key}`;

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = tabs.length - 1;
    const to = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    const next = to === undefined ? undefined : tabs[to];
    if (!next) return;
    event.preventDefault();
    onSelect(next.key);
    document.getElementById(tabId(next.key))?.focus();
  }

  return (
    <div className="adm-tabs">
      <div role="tablist" aria-label={label} className="adm-tab-list">
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={tabId(tab.key)}
            aria-selected={tab.key === selected}
            aria-controls={panelId(tab.key)}
            tabIndex={tab.key === selected ? 0 : -1}
            className="adm-tab"
            onClick={() => onSelect(tab.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={panelId(tab.key)}
          aria-labelledby={tabId(tab.key)}
          hidden={tab.key !== selected}
          className="adm-tab-panel"
          data-tab={tab.key}
        >
          {tab.key === selected && tab.panel}
        </div>
      ))}
    </div>
  );
}
