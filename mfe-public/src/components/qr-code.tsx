import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';

/*
 * qrcode.react is only needed once there is a link to show, after a share or on a file page below
 * its download button: it is a chunk of its own, so neither page waits for it before it renders.
 */
const QrCodeImage = lazy(() => import(/* webpackChunkName: "qr-code" */ './qr-code-image'));

interface QrCodeProps {
  value: string;
  label: string;
  size?: number;
}

/** A QR code of a link. Until the drawing code has loaded, a box of the same size holds its place. */
export function QrCode({ value, label, size = 168 }: QrCodeProps) {
  return (
    <Suspense fallback={<QrCodePlaceholder size={size} />}>
      <QrCodeImage value={value} label={label} size={size} />
    </Suspense>
  );
}

function QrCodePlaceholder({ size }: { size: number }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <figure className="cp-qr" aria-busy="true">
      <div className="cp-qr__code" style={{ width: size, height: size }} role="status">
        <span className="cc-visually-hidden">{t('result.qrLoading')}</span>
      </div>
    </figure>
  );
}
