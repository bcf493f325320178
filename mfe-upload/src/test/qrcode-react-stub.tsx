/** Test stand-in for qrcode.react (ESM only). */
export function QRCodeSVG({ value, title }: { value: string; title?: string }) {
  return <svg role="img" aria-label={title} data-value={value} />;
}
