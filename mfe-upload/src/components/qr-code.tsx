import { QRCodeSVG } from 'qrcode.react';

/** QR code of a link (loaded lazily: only pages that show a result download qrcode.react). */
export default function QrCode({ value, label }: { value: string; label: string }) {
  return (
    <figure className="cu-qr" data-testid="qr-code" data-qr-value={value}>
      <QRCodeSVG value={value} size={148} level="M" marginSize={2} title={label} role="img" bgColor="#ffffff" fgColor="#000000" />
    </figure>
  );
}
