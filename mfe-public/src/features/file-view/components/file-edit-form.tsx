import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, toBoolean, validateCustomSlug, type FileUpdateRequest, type PublicFile, useKernel } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { Field, describedBy } from '../../../components/field';
import { EditShareFields } from '../../../components/edit-share-fields';
import { EditForm } from '../../../components/edit-form';
import { useShareEdit } from '../../../components/use-share-edit';
import { expiresAtFor } from '../../../lib/expiry';
import { fromValidation, messageText, type FieldMessage } from '../../../lib/field-message';
import type { ManageScope } from '../../../lib/ownership';
import { loadFileRecord, mergeRecord, updateFile } from '../api/file-api';

export interface FileEditResult {
  file: PublicFile;
  /** The password now valid for the links: unchanged, the new one, or null when removed. */
  password: string | null;
}

interface FileEditFormProps {
  file: PublicFile;
  password: string | null;
  scope: ManageScope;
  onSaved: (result: FileEditResult) => void;
  onCancel: () => void;
}

/** Owner/admin edit (`PUT …/files/{id}`): only changed fields are sent (a new max views also resets views). */
export function FileEditForm({ file, password, scope, onSaved, onCancel }: FileEditFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const kernel = useKernel();
  const id = useId();
  const protectedNow = toBoolean(file.requires_password) || !!password;
  const edit = useShareEdit({ remark: file.remark, maxViews: file.max_views });
  const { remark, expiry } = edit;
  const [newPassword, setNewPassword] = useState('');
  const [removePassword, setRemovePassword] = useState(false);
  const [slug, setSlug] = useState(file.slug);
  const [slugMessage, setSlugMessage] = useState<FieldMessage | undefined>(undefined);

  const checkSlug = (value: string) => {
    const result = validateCustomSlug(value);
    setSlugMessage(result.valid ? undefined : fromValidation(result.error));
    return result;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const slugResult = checkSlug(slug);
    const viewsResult = edit.checkMaxViews();
    if (!slugResult.valid || !viewsResult.valid) return;

    const body: FileUpdateRequest = {};
    if (remark.trim() !== (file.remark ?? '')) body.remark = remark.trim() || null;
    if (expiry !== 'keep') body.expires_at = expiresAtFor(expiry);
    const limit = viewsResult.value > 0 ? viewsResult.value : null;
    if (limit !== (file.max_views || null)) body.max_views = limit;
    if (removePassword) body.password = null;
    else if (newPassword) body.password = newPassword;
    if (slugResult.value && slugResult.value !== file.slug) body.slug = slugResult.value;
    if (Object.keys(body).length === 0) {
      onCancel();
      return;
    }

    await edit.save(
      async () => {
        await updateFile(kernel, scope, file.id, body);
        const record = await loadFileRecord(kernel, scope, file.id);
        const nextPassword = removePassword ? null : newPassword || password;
        onSaved({ file: mergeRecord(file, record), password: nextPassword });
      },
      (error) => {
        if (!(isApiError(error) && error.status === 409)) return false;
        setSlugMessage({ text: error.message });
        return true;
      },
    );
  };

  const slugError = messageText(t, slugMessage);
  return (
    <EditForm
      id={id}
      className="cp-file-edit"
      title={t('file.editTitle')}
      testIdPrefix="file-edit"
      {...edit.formProps}
      onSubmit={(event) => void submit(event)}
      onCancel={onCancel}
    >
      <div className="cp-form-grid">
        <EditShareFields id={id} testIdPrefix="file-edit" {...edit.fieldProps} maxViewsHint={t('file.maxViewsHint')} />
        <Field id={`${id}-slug`} label={t('share.slug')} hint={t('share.slugHint')} error={slugError}>
          <input
            id={`${id}-slug`}
            className="cc-input"
            value={slug}
            autoCapitalize="off"
            spellCheck={false}
            aria-invalid={slugError ? true : undefined}
            aria-describedby={describedBy(`${id}-slug`, true, slugError)}
            onChange={(event) => {
              setSlug(event.target.value);
              checkSlug(event.target.value);
            }}
            data-testid="file-edit-slug"
          />
        </Field>
        <Field id={`${id}-password`} label={protectedNow ? t('file.newPassword') : t('share.password')} hint={t('file.passwordHint')}>
          <input
            id={`${id}-password`}
            className="cc-input"
            type="password"
            autoComplete="new-password"
            value={newPassword}
            disabled={removePassword}
            aria-describedby={describedBy(`${id}-password`, true)}
            onChange={(event) => setNewPassword(event.target.value)}
            data-testid="file-edit-password"
          />
          {protectedNow && (
            <label className="cp-checkbox">
              <input
                type="checkbox"
                checked={removePassword}
                onChange={(event) => setRemovePassword(event.target.checked)}
                data-testid="file-edit-remove-password"
              />
              {t('file.removePassword')}
            </label>
          )}
        </Field>
      </div>
    </EditForm>
  );
}
