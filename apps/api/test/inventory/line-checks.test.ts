import { describe, expect, it } from 'vitest';
import {
  checkLines,
  lineFailureError,
  lineFaults,
  type CheckableVariant,
  type LineFailure,
} from '../../src/features/inventory/line-checks.js';

type Variant = CheckableVariant & { variantId: string };

const variant = (variantId: string, facts: Partial<CheckableVariant> = {}): Variant => ({
  variantId,
  productName: variantId,
  unit: 'each',
  isArchived: false,
  isTracked: true,
  ...facts,
});

const catalogue = new Map(
  [
    variant('cola'),
    variant('rice', { unit: 'kg' }),
    variant('old', { isArchived: true }),
    variant('wrap', { isTracked: false }),
    variant('old-wrap', { isArchived: true, isTracked: false }),
  ].map((v) => [v.variantId, v]),
);

const reasons = (failures: LineFailure<Variant>[]) => failures.map((f) => [f.index, f.reason]);

describe('checkLines', () => {
  it('takes good lines as they come: the variant, the quantity in thousandths, the index', () => {
    const result = checkLines(
      [
        { variantId: 'cola', quantity: 2 },
        { variantId: 'rice', quantity: 1.25 },
      ],
      catalogue,
      { mustTrack: true },
    );
    expect(result.failures).toEqual([]);
    expect(result.lines).toEqual([
      { index: 0, variant: catalogue.get('cola'), thousandths: 2000 },
      { index: 1, variant: catalogue.get('rice'), thousandths: 1250 },
    ]);
  });

  it('reports every fault of every line, an unknown variant alone, the rest in a fixed order', () => {
    const result = checkLines(
      [
        { variantId: 'missing', quantity: 1.5 },
        { variantId: 'cola', quantity: 1.5 },
        { variantId: 'rice', quantity: 0.5 },
        { variantId: 'old', quantity: 1.5 },
        { variantId: 'old-wrap', quantity: 1 },
        { variantId: 'wrap', quantity: 1 },
      ],
      catalogue,
      { mustTrack: true },
    );
    expect(reasons(result.failures)).toEqual([
      [0, 'unknown'],
      [1, 'fractional'],
      [3, 'archived'],
      [3, 'fractional'],
      [4, 'archived'],
      [4, 'untracked'],
      [5, 'untracked'],
    ]);
    expect(result.failures[0]!.variant).toBeUndefined();
    // Only the found variants come back as lines.
    expect(result.lines.map((l) => l.index)).toEqual([1, 2, 3, 4, 5]);
  });

  it('does not ask for tracked stock unless told to', () => {
    const result = checkLines([{ variantId: 'wrap', quantity: 1 }], catalogue, { mustTrack: false });
    expect(result.failures).toEqual([]);
  });
});

describe('lineFaults', () => {
  it('gives one line’s faults in the order checkLines reports them; a quantity of 0 is whole', () => {
    expect(lineFaults(undefined, 1500, { mustTrack: true })).toEqual(['unknown']);
    expect(lineFaults(catalogue.get('old-wrap'), 1500, { mustTrack: true })).toEqual([
      'archived',
      'fractional',
      'untracked',
    ]);
    expect(lineFaults(catalogue.get('old-wrap'), 0, { mustTrack: false })).toEqual(['archived']);
    expect(lineFaults(catalogue.get('rice'), 250, { mustTrack: true })).toEqual([]);
  });
});

describe('lineFailureError', () => {
  const old = catalogue.get('old')!;
  const cola = { ...catalogue.get('cola')!, productName: 'Cola' };

  it('names the variant field for the variant faults', () => {
    const wording = { wholeUnitsVerb: 'sold' };
    expect(lineFailureError({ index: 2, reason: 'unknown', variant: undefined }, wording)).toEqual({
      field: 'lines.2.variantId',
      message: 'No such product in this business',
    });
    expect(lineFailureError({ index: 0, reason: 'archived', variant: old }, wording)).toEqual({
      field: 'lines.0.variantId',
      message: 'old is archived',
    });
    expect(lineFailureError({ index: 1, reason: 'untracked', variant: old }, wording)).toEqual({
      field: 'lines.1.variantId',
      message: 'old does not track stock',
    });
  });

  it('names the quantity field for a fraction, in the caller’s words and under its prefix', () => {
    expect(lineFailureError({ index: 3, reason: 'fractional', variant: cola }, { wholeUnitsVerb: 'sold' })).toEqual({
      field: 'lines.3.quantity',
      message: 'Cola is sold in whole units (each)',
    });
    expect(
      lineFailureError(
        { index: 0, reason: 'fractional', variant: cola },
        { wholeUnitsVerb: 'counted', quantityField: 'delta', prefix: 'cart.lines' },
      ),
    ).toEqual({ field: 'cart.lines.0.delta', message: 'Cola is counted in whole units (each)' });
  });

  it('names a one-line document’s own fields, and words unknown and archived alike when asked', () => {
    const fields = { variant: 'barcode', quantity: 'quantity' };
    expect(
      lineFailureError({ index: 0, reason: 'untracked', variant: old }, { wholeUnitsVerb: 'counted', fields }),
    ).toEqual({
      field: 'barcode',
      message: 'old does not track stock',
    });
    expect(
      lineFailureError({ index: 4, reason: 'fractional', variant: cola }, { wholeUnitsVerb: 'counted', fields }),
    ).toEqual({
      field: 'quantity',
      message: 'Cola is counted in whole units (each)',
    });
    const unavailable = { wholeUnitsVerb: 'sold', prefix: 'cart.lines', unavailable: 'Not on sale' };
    expect(lineFailureError({ index: 1, reason: 'unknown', variant: undefined }, unavailable)).toEqual({
      field: 'cart.lines.1.variantId',
      message: 'Not on sale',
    });
    expect(lineFailureError({ index: 2, reason: 'archived', variant: old }, unavailable)).toEqual({
      field: 'cart.lines.2.variantId',
      message: 'Not on sale',
    });
    expect(lineFailureError({ index: 3, reason: 'fractional', variant: cola }, unavailable)).toEqual({
      field: 'cart.lines.3.quantity',
      message: 'Cola is sold in whole units (each)',
    });
  });
});
