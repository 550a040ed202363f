// Draws the installed app's icons (public/icon-*.png) from public/favicon.svg in headless Chromium,
// the browser the journeys already use, so no image tool is needed. Run it after changing the
// favicon: `node apps/web/scripts/make-icons.mjs`; the PNGs are committed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumPath } from '../../../e2e/chromium.mjs';

const publicDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');
const svg = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const brand = /fill="(#[0-9a-f]{6})"/i.exec(svg)?.[1] ?? '#0b7a63';

/**
 * `any` icons are the favicon itself. A maskable icon is cropped by the launcher to a circle or a
 * squircle, so it fills the square with the brand colour and keeps the glyph well inside the central safe circle (radius 40%).
 */
const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
];

function page({ size, maskable }) {
  const image = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  const inner = maskable ? Math.round(size * 0.8) : size;
  return `<!doctype html><html><body style="margin:0;width:${size}px;height:${size}px;display:grid;
    place-items:center;background:${maskable ? brand : 'transparent'}">
    <img src="${image}" width="${inner}" height="${inner}"></body></html>`;
}

const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
try {
  for (const icon of icons) {
    const tab = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await tab.setContent(page(icon));
    await tab.screenshot({ path: path.join(publicDir, icon.file), omitBackground: !icon.maskable });
    await tab.close();
    console.log(`${icon.file} ${icon.size}x${icon.size}`);
  }
} finally {
  await browser.close();
}
