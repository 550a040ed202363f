import { useEffect, useState } from 'react';

/**
 * The sale number as a Code 128 barcode (scanned at the till to find the sale for a refund), drawn
 * as SVG by bwip-js, which loads only when a receipt is shown. While it loads (or if it cannot) the
 * number printed under it still identifies the sale.
 */
export function ReceiptBarcode({ code, className }: { code: string; className?: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('bwip-js/browser')
      .then(({ toSVG }) => {
        if (live) setSvg(toSVG({ bcid: 'code128', text: code, height: 10, scale: 2, includetext: false }));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [code]);
  return (
    <div className={className} data-testid="receipt-barcode" role="img" aria-label={`Barcode ${code}`}>
      {/* bwip-js draws from our own sale number: paths and rectangles, no script. */}
      {svg && <div dangerouslySetInnerHTML={{ __html: svg }} />}
      <div>{code}</div>
    </div>
  );
}
