import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PasteTagCount } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';

interface PasteTagFilterProps {
  counts: readonly PasteTagCount[];
  value: string | undefined;
  onChange: (tag: string | undefined) => void;
  /** The list is asked again when the options open. */
  onOpen: () => void;
}

/**
 * Narrows the text list to one tag (sent as `tag` with the search and the paging): a searchable,
 * clearable select of the tags in use with their counts. Typing filters the options; Escape closes.
 */
export function PasteTagFilter({ counts, value, onChange, onOpen }: PasteTagFilterProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Select<string>
      className="cc-admin-tag-filter"
      style={{ minWidth: 160, maxWidth: '100%' }}
      value={value}
      onChange={(tag) => onChange(tag || undefined)}
      onOpenChange={(open) => open && onOpen()}
      options={counts.map(({ tag, count }) => ({ value: tag, label: t('text.tagOption', { tag, count }) }))}
      showSearch
      allowClear
      placeholder={t('text.tagFilterAll')}
      aria-label={t('text.tagFilter')}
      notFoundContent={t('text.tagFilterEmpty')}
      data-testid="paste-tag-filter"
    />
  );
}
