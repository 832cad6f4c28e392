/**
 * A QR-code placeholder drawn as SVG: the three finder squares of a QR code as a visual cue, a label,
 * and the h5 url spelled out below. It is not a scannable code (no QR encoder is bundled); the url
 * under it is the real address.
 */
export function QrPlaceholder({ url, label, size = 168 }: { url: string; label: string; size?: number }) {
  const finder = (x: number, y: number) => (
    <g key={`${x}-${y}`} transform={`translate(${x} ${y})`}>
      <rect width="28" height="28" rx="4" fill="currentColor" />
      <rect x="4" y="4" width="20" height="20" rx="2" fill="#fff" />
      <rect x="9" y="9" width="10" height="10" rx="1.5" fill="currentColor" />
    </g>
  );
  return (
    <svg
      className="qr-placeholder"
      role="img"
      aria-label={`${label}: ${url}`}
      data-url={url}
      width={size}
      height={size}
      viewBox="0 0 120 120"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect x="1" y="1" width="118" height="118" rx="10" fill="#fff" stroke="currentColor" strokeOpacity="0.25" strokeDasharray="4 3" />
      {[finder(10, 10), finder(82, 10), finder(10, 82)]}
      <text x="60" y="64" textAnchor="middle" fontSize="11" fill="currentColor" fillOpacity="0.55">
        {label}
      </text>
    </svg>
  );
}
