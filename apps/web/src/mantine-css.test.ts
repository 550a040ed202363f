import { describe, expect, it } from 'vitest';
import { mantineCssPerComponent } from '../vite.config';
import { adoptCss } from './mantine-css';

describe("Mantine's CSS per component", () => {
  it('adds a stylesheet to the page once per name', () => {
    adoptCss('Probe', '@layer mantine { .probe { color: red } }');
    adoptCss('Probe', '@layer mantine { .probe { color: red } }');
    const sheets = document.head.querySelectorAll('style[data-css="Probe"]');
    expect(sheets).toHaveLength(1);
    expect(sheets[0]!.textContent).toContain('.probe');
  });

  it("gives each component's class-name module its own layered stylesheet, and nothing else", () => {
    const transform = mantineCssPerComponent().transform as (code: string, id: string) => { code: string } | null;
    const id = '/repo/node_modules/@mantine/core/esm/components/Button/Button.module.mjs';
    const out = transform('export default { root: "m_77c9d27d" };', id)!.code;
    expect(out).toContain("import __css from '@mantine/core/styles/Button.layer.css?inline';");
    expect(out).toMatch(/__adopt\('Button', __css\);/);
    expect(transform('export {}', '/repo/node_modules/@mantine/core/esm/components/Button/Button.mjs')).toBeNull();
    expect(transform('export {}', '/repo/apps/web/src/app/page.module.css')).toBeNull();
  });
});
