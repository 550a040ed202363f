const adopted = new Set<string>();

/**
 * Adds a stylesheet to the page once by name: Mantine's CSS for a component, brought by the chunk
 * that draws it (vite.config.ts, mantineCssPerComponent). The server's CSP allows inline styles.
 */
export function adoptCss(name: string, css: string): void {
  if (adopted.has(name) || typeof document === 'undefined') return;
  adopted.add(name);
  const style = document.createElement('style');
  style.dataset.css = name;
  style.textContent = css;
  document.head.appendChild(style);
}
