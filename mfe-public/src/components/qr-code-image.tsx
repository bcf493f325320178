import { QRCodeSVG } from 'qrcode.react';

/** A QR code of a link, drawn by qrcode.react; the encoded value is also exposed as `data-qr-value` for checks. */
export default function QrCodeImage({ value, label, size = 168 }: { value: string; label: string; size?: number }) {
  return (
    <figure className="cp-qr" data-testid="qr-code" data-qr-value={value}>
      <div className="cp-qr__code">
        <QRCodeSVG value={value} size={size} level="M" marginSize={2} title={label} bgColor="#ffffff" fgColor="#000000" role="img" />
      </div>
      <figcaption className="cc-hint">{label}</figcaption>
    </figure>
  );
}
