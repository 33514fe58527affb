import Box from '@mui/material/Box';
import QRCode from 'qrcode';
import { useMemo } from 'react';

/** The quiet zone around the symbol, in modules; scanners need some white space around it. */
const MARGIN = 2;

/**
 * The dark modules of `text`'s QR code as one SVG path (one rectangle per horizontal run), in a
 * square of `size` modules including the margin.
 */
export function qrPath(text: string): { size: number; d: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  let d = '';
  for (let row = 0; row < n; row += 1) {
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col += 1;
      d += `M${start + MARGIN} ${row + MARGIN}h${col - start}v1h${start - col}z`;
    }
  }
  return { size: n + 2 * MARGIN, d };
}

/**
 * A QR code drawn in the page as SVG (no image request, nothing leaves the browser). Always dark on
 * white, whatever the theme: that is what scanners read best.
 */
export function QrCode({ value, size, label }: { value: string; size: number; label?: string }) {
  const { size: modules, d } = useMemo(() => qrPath(value), [value]);
  return (
    <Box
      component="svg"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      viewBox={`0 0 ${modules} ${modules}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      sx={{ display: 'block', bgcolor: '#fff', borderRadius: 1, flexShrink: 0 }}
    >
      <path d={d} fill="#0b1220" />
    </Box>
  );
}
