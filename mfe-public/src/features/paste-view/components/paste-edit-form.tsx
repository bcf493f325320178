import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { validateMaxViews, type PasteUpdateRequest, useKernel } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { type ExpiryChoice } from '../../../components/expiry-select';
import { EditShareFields } from '../../../components/edit-share-fields';
import { EditForm } from '../../../components/edit-form';
import { Loading } from '../../../components/loading';
import { expiresAtFor } from '../../../lib/expiry';
import { fromValidation, messageText, type FieldMessage } from '../../../lib/field-message';
import type { ManageScope } from '../../../lib/ownership';
import { updatePaste, type LoadedPaste } from '../api/paste-api';

/** The editor is only downloaded when an owner actually edits (viewing never loads it). */
const MarkdownEditor = lazy(() => import(/* webpackChunkName: "markdown-editor" */ '../../../components/markdown-editor/markdown-editor'));

interface PasteEditFormProps {
  paste: LoadedPaste;
  scope: ManageScope;
  onSaved: (paste: LoadedPaste) => void;
  onCancel: () => void;
}

/** Owner/admin edit of content, remark, expiry and max views (`PUT …/pastes/{slug}`, replace semantics). */
export function PasteEditForm({ paste, scope, onSaved, onCancel }: PasteEditFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const kernel = useKernel();
  const id = useId();
  const [content, setContent] = useState(paste.content);
  const [remark, setRemark] = useState(paste.remark ?? '');
  const [expiry, setExpiry] = useState<ExpiryChoice>('keep');
  const [maxViews, setMaxViews] = useState(paste.maxViews ? String(paste.maxViews) : '');
  const [errors, setErrors] = useState<{ content?: FieldMessage; maxViews?: FieldMessage }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const views = validateMaxViews(maxViews);
    const nextErrors: typeof errors = {};
    if (!content.trim()) nextErrors.content = { key: 'public:share.errors.contentRequired' };
    if (!views.valid) nextErrors.maxViews = fromValidation(views.error);
    setErrors(nextErrors);
    if (!views.valid || nextErrors.content) return;
    const expiresAt = expiry === 'keep' ? paste.expiresAt : expiresAtFor(expiry);
    const body: PasteUpdateRequest = {
      content,
      remark: remark.trim() || null,
      expiresAt,
      maxViews: views.value > 0 ? views.value : null,
    };
    setBusy(true);
    setFailure(null);
    try {
      const result = await updatePaste(kernel, scope, paste.slug, body);
      const limit = body.maxViews ?? null;
      onSaved({
        ...paste,
        id: result.id ?? paste.id,
        slug: result.slug ?? paste.slug,
        content,
        remark: body.remark ?? null,
        expiresAt: expiresAt ?? null,
        maxViews: limit,
        views: limit !== null && limit < paste.views ? 0 : paste.views,
        updatedAt: new Date().toISOString(),
      });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  };

  const maxViewsError = messageText(t, errors.maxViews);
  return (
    <EditForm
      id={id}
      className="cp-paste-edit"
      title={t('paste.editTitle')}
      testIdPrefix="paste-edit"
      busy={busy}
      failure={failure}
      onSubmit={(event) => void submit(event)}
      onCancel={onCancel}
    >
      <div className="cp-paste-edit__editor">
        <Suspense fallback={<Loading label={t('editor.loadingEditor')} />}>
          <MarkdownEditor value={content} onChange={setContent} label={t('editor.label')} testId="paste-edit-editor" />
        </Suspense>
      </div>
      {errors.content && (
        <p className="cp-alert cp-alert--error" role="alert">
          {messageText(t, errors.content)}
        </p>
      )}
      <div className="cp-form-grid cp-paste-edit__fields">
        <EditShareFields
          id={id}
          testIdPrefix="edit"
          remark={remark}
          onRemarkChange={setRemark}
          expiry={expiry}
          onExpiryChange={setExpiry}
          maxViews={maxViews}
          onMaxViewsChange={(value) => {
            setMaxViews(value);
            const result = validateMaxViews(value);
            setErrors((current) => ({ ...current, maxViews: result.valid ? undefined : fromValidation(result.error) }));
          }}
          maxViewsHint={t('share.maxViewsHint')}
          maxViewsError={maxViewsError}
        />
      </div>
    </EditForm>
  );
}
