import fs from 'node:fs';

/** Where the end-to-end tests find Chromium: CHROMIUM_PATH, else Debian's package. */
export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p) => p && fs.existsSync(p));
}
