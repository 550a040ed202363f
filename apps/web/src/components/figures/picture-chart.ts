/**
 * A chart drawn as a picture of figures shown beside it as text or a table: hidden from screen
 * readers, and nothing in it takes focus (inside a hidden chart a keyboard user would land on
 * something no screen reader can say; axe: aria-hidden-focus). A pointer still reads each value from
 * its mark's tooltip (the `title` of the mark).
 */
export const pictureChartProps = { 'aria-hidden': true, 'data-chart': '' } as const;
