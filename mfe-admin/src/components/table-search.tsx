import { useId } from 'react';
import { Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';
import { validationMessage } from '../lib/validation';
import type { TableSearchState } from '../hooks/use-table-search';

/**
 * The toolbar search box of a share table (see useTableSearch): a labelled search field, and under it
 * the reason a search was refused, announced to screen readers. `data-mode` says whether it searches
 * on the server (`server`) or narrows the page shown (`page`).
 */
export function TableSearch({ search, placeholder }: { search: TableSearchState; placeholder: string }) {
  const { t } = useTranslation(NAMESPACE);
  const errorId = useId();
  const { error } = search;
  return (
    <div className="cc-admin-table-search">
      <Input.Search
        value={search.text}
        onChange={(event) => search.change(event.target.value)}
        onSearch={(value) => search.submit(value)}
        placeholder={placeholder}
        aria-label={placeholder}
        allowClear
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-testid="table-search"
        data-mode={search.serverSide ? 'server' : 'page'}
      />
      {error && (
        <Typography.Text type="danger" id={errorId} role="alert" className="cc-admin-table-search__error" data-testid="table-search-error">
          {validationMessage(t, error)}
        </Typography.Text>
      )}
    </div>
  );
}
