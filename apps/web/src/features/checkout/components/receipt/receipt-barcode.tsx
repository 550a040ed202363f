import { useMemo } from 'react';
import { CODE128_QUIET_ZONE, code128Modules } from '@ipos/contracts';

/**
 * The sale number as a Code 128 barcode (scanned at the till to find the sale for a refund), drawn
 * as SVG bars from the encoder the receipt PDF uses (`code128Modules`), so the slip and its PDF carry
 * the same bars. The number is printed under it for eyes.
 */
export function ReceiptBarcode({ code, className }: { code: string; className?: string }) {
  const { bars, width } = useMemo(() => {
    const modules = code128Modules(code);
    const found: { x: number; width: number }[] = [];
    let x = CODE128_QUIET_ZONE;
    modules.forEach((w, i) => {
      if (i % 2 === 0) found.push({ x, width: w });
      x += w;
    });
    return { bars: found, width: x + CODE128_QUIET_ZONE };
  }, [code]);
  return (
    <div className={className} data-testid="receipt-barcode" role="img" aria-label={`Barcode ${code}`}>
      <svg
        viewBox={`0 0 ${width} 1`}
        preserveAspectRatio="none"
        shapeRendering="crispEdges"
        aria-hidden="true"
        focusable="false"
      >
        {bars.map((bar) => (
          <rect key={bar.x} x={bar.x} y={0} width={bar.width} height={1} fill="#000" />
        ))}
      </svg>
      <div>{code}</div>
    </div>
  );
}
