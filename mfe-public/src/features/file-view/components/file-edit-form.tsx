import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isApiError,
  toBoolean,
  validateCustomSlug,
  validateMaxViews,
  type FileUpdateRequest,
  type PublicFile,
  useKernel,
} from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { Field, describedBy } from '../../../components/field';
import { type ExpiryChoice } from '../../../components/expiry-select';
import { EditShareFields } from '../../../components/edit-share-fields';
import { EditForm } from '../../../components/edit-form';
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

type Errors = Partial<Record<'slug' | 'maxViews', FieldMessage>>;

/** Owner/admin edit (`PUT …/files/{id}`): only changed fields are sent (a new max views also resets views). */
export function FileEditForm({ file, password, scope, onSaved, onCancel }: FileEditFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const kernel = useKernel();
  const id = useId();
  const protectedNow = toBoolean(file.requires_password) || !!password;
  const [remark, setRemark] = useState(file.remark ?? '');
  const [expiry, setExpiry] = useState<ExpiryChoice>('keep');
  const [maxViews, setMaxViews] = useState(file.max_views ? String(file.max_views) : '');
  const [newPassword, setNewPassword] = useState('');
  const [removePassword, setRemovePassword] = useState(false);
  const [slug, setSlug] = useState(file.slug);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const check = (field: 'slug' | 'maxViews', value: string) => {
    const result = field === 'slug' ? validateCustomSlug(value) : validateMaxViews(value);
    setErrors((current) => ({ ...current, [field]: result.valid ? undefined : fromValidation(result.error) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const slugResult = validateCustomSlug(slug);
    const viewsResult = validateMaxViews(maxViews);
    const nextErrors: Errors = {};
    if (!slugResult.valid) nextErrors.slug = fromValidation(slugResult.error);
    if (!viewsResult.valid) nextErrors.maxViews = fromValidation(viewsResult.error);
    setErrors(nextErrors);
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

    setBusy(true);
    setFailure(null);
    try {
      await updateFile(kernel, scope, file.id, body);
      const record = await loadFileRecord(kernel, scope, file.id);
      const nextPassword = removePassword ? null : newPassword || password;
      onSaved({ file: mergeRecord(file, record), password: nextPassword });
    } catch (error) {
      if (isApiError(error) && error.status === 409) setErrors((current) => ({ ...current, slug: { text: error.message } }));
      else setFailure(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  };

  const slugError = messageText(t, errors.slug);
  const maxViewsError = messageText(t, errors.maxViews);
  return (
    <EditForm
      id={id}
      className="cp-file-edit"
      title={t('file.editTitle')}
      testIdPrefix="file-edit"
      busy={busy}
      failure={failure}
      onSubmit={(event) => void submit(event)}
      onCancel={onCancel}
    >
      <div className="cp-form-grid">
        <EditShareFields
          id={id}
          testIdPrefix="file-edit"
          remark={remark}
          onRemarkChange={setRemark}
          expiry={expiry}
          onExpiryChange={setExpiry}
          maxViews={maxViews}
          onMaxViewsChange={(value) => {
            setMaxViews(value);
            check('maxViews', value);
          }}
          maxViewsHint={t('file.maxViewsHint')}
          maxViewsError={maxViewsError}
        />
        <Field id={`${id}-slug`} label={t('share.slug')} hint={t('share.slugHint')} error={slugError}>
          <input
            id={`${id}-slug`}
            className="cp-input"
            value={slug}
            autoCapitalize="off"
            spellCheck={false}
            aria-invalid={slugError ? true : undefined}
            aria-describedby={describedBy(`${id}-slug`, true, slugError)}
            onChange={(event) => {
              setSlug(event.target.value);
              check('slug', event.target.value);
            }}
            data-testid="file-edit-slug"
          />
        </Field>
        <Field id={`${id}-password`} label={protectedNow ? t('file.newPassword') : t('share.password')} hint={t('file.passwordHint')}>
          <input
            id={`${id}-password`}
            className="cp-input"
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
