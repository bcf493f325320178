import { QRCodeSVG } from 'qrcode.react';

/** QR code of a link (loaded lazily: only when a link is shown). */
export default function QrCode({ value, label }: { value: string; label: string }) {
  return (
    <figure className="ce-qr" data-testid="link-qr" data-qr-value={value}>
      <div className="ce-qr__code">
        <QRCodeSVG value={value} size={168} level="M" marginSize={2} title={label} bgColor="#ffffff" fgColor="#000000" role="img" />
      </div>
      <figcaption className="cc-muted">{label}</figcaption>
    </figure>
  );
}
