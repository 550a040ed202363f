import bwipjs from 'bwip-js';
import { code128Modules, type BarcodeSymbology } from '@ipos/contracts';

const gtinBcids: Record<Exclude<BarcodeSymbology, 'CODE128'>, string> = { EAN13: 'ean13', EAN8: 'ean8', UPCA: 'upca' };

/**
 * The bar and space widths, in modules, alternating from a bar, that the label and receipt PDFs
 * draw. Code 128 comes from the encoder the web receipt uses too (`code128Modules`); bwip-js encodes
 * the GTINs.
 */
export function barcodeModules(code: string, symbology: BarcodeSymbology): number[] {
  if (symbology === 'CODE128') return code128Modules(code);
  const [symbol] = bwipjs.raw(gtinBcids[symbology], code, {}) as { sbs: number[] }[];
  return symbol!.sbs;
}
