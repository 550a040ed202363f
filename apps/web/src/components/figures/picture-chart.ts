/**
 * A chart drawn as a picture of figures shown beside it as text or a table: hidden from screen
 * readers, and nothing in it takes focus. recharts makes a chart (and a pie, on its own) focusable for
 * its keyboard layer; inside a hidden chart a keyboard user would land on something no screen reader
 * can say (axe: aria-hidden-focus).
 */
export const pictureChartProps = { 'aria-hidden': true, accessibilityLayer: false } as const;

/** A donut's pie, focusable by default even without the chart's keyboard layer. */
export const picturePieProps = { rootTabIndex: -1 } as const;
