import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';
import type { ViewSettings } from '../stores/view-settings';
import { SORT_FIELDS } from '../utils/sort-items';
import { ChoiceSelect } from '../../../components/choice-select';

interface ToolbarProps {
  /** Upload and new folder need a folder inside a mount. */
  writable: boolean;
  settings: ViewSettings;
  onSettings: (patch: Partial<ViewSettings>) => void;
  onUpload: () => void;
  onNewFolder: () => void;
  onRefresh: () => void;
  /** The search field where the backend offers search, else why there is none (composed by the app). */
  search?: ReactNode;
}

/** Upload, new folder and refresh; the search field when there is one; sort field and order; list or grid view. */
export function Toolbar({ writable, settings, onSettings, onUpload, onNewFolder, onRefresh, search }: ToolbarProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="ce-toolbar" role="toolbar" aria-label={t('toolbar.label')} data-testid="toolbar">
      <div className="cc-toolbar ce-toolbar__group">
        <button type="button" className="cc-button cc-button--primary" onClick={onUpload} disabled={!writable} data-testid="open-upload">
          {t('toolbar.upload')}
        </button>
        <button type="button" className="cc-button" onClick={onNewFolder} disabled={!writable} data-testid="open-mkdir">
          {t('toolbar.newFolder')}
        </button>
        <button type="button" className="cc-button" onClick={onRefresh} data-testid="refresh">
          {t('toolbar.refresh')}
        </button>
      </div>
      {search}
      <div className="cc-toolbar ce-toolbar__group">
        <label className="ce-inline-field">
          <span>{t('toolbar.sortBy')}</span>
          <ChoiceSelect
            value={settings.sortField}
            choices={SORT_FIELDS}
            label={(field) => t(`toolbar.sort.${field}`)}
            onChange={(sortField) => onSettings({ sortField })}
            testId="sort-field"
          />
        </label>
        <button
          type="button"
          className="cc-button"
          onClick={() => onSettings({ sortOrder: settings.sortOrder === 'asc' ? 'desc' : 'asc' })}
          data-testid="sort-order"
          data-order={settings.sortOrder}
        >
          {t(`toolbar.order.${settings.sortOrder}`)}
        </button>
        <div className="ce-segmented" role="group" aria-label={t('toolbar.view')}>
          {(['list', 'grid'] as const).map((view) => (
            <button
              key={view}
              type="button"
              className="cc-button"
              aria-pressed={settings.view === view}
              onClick={() => onSettings({ view })}
              data-testid={`view-${view}`}
            >
              {t(`toolbar.views.${view}`)}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
