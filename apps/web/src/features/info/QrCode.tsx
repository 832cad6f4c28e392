/**
 * A scannable QR code of a url (the h5 / app download address), drawn as one SVG path of its dark
 * modules with the standard 4-module quiet zone. Error correction M (15 %): a printed or screen-photo
 * scan tolerates some blur. Encoded by qrcode-generator (no dependencies, ~20 KB, only on this lazy page).
 */
import qrcode from 'qrcode-generator';

/** The quiet zone around a QR code, in modules (ISO/IEC 18004). */
const QUIET_MODULES = 4;

/** The dark modules of `text` as a square matrix (true = dark). */
export function qrMatrix(text: string): boolean[][] {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)));
}

export function QrCode({ url, label, size = 168 }: { url: string; label: string; size?: number }) {
  const m = qrMatrix(url);
  const n = m.length + QUIET_MODULES * 2;
  let d = '';
  m.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) d += `M${c + QUIET_MODULES} ${r + QUIET_MODULES}h1v1h-1z`;
    }),
  );
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={`${label}: ${url}`}
      data-url={url}
      width={size}
      height={size}
      viewBox={`0 0 ${n} ${n}`}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={n} height={n} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
