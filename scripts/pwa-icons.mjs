// The installable app's PNG icons, drawn from apps/web/public/favicon.svg by Debian's Chromium:
//   node scripts/pwa-icons.mjs
// Writes apps/web/public/icons/ (committed; run again only when the favicon changes):
//   icon-192.png, icon-512.png   the favicon as it is ("any": rounded square, transparent corners)
//   maskable-512.png             full-bleed background, the mark inside the 80 % safe circle (Android crops it)
//   ../apple-touch-icon.png      180 × 180 (at the root, where iOS also looks for it unasked), full-bleed (iOS rounds the corners itself and shows transparency as black)
//   badge-96.png                 the mark alone in white on transparent (Android's status-bar badge uses the alpha only)
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'apps/web/public');
const outDir = path.join(publicDir, 'icons');
const favicon = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');

// The favicon is a 64 × 64 rounded square (its <rect>) with a white mark drawn over it (every other shape).
const viewBox = /viewBox="([^"]+)"/.exec(favicon)?.[1] ?? '0 0 64 64';
const [, , vw, vh] = viewBox.split(/\s+/).map(Number);
const background = /<rect[^>]*fill="([^"]+)"/.exec(favicon)?.[1];
if (!background || vw !== vh) throw new Error('favicon.svg: expected a square viewBox and a <rect> with a fill');
const mark = favicon
  .replace(/^[\s\S]*?<svg[^>]*>/, '')
  .replace(/<\/svg>\s*$/, '')
  .replace(/<title>[\s\S]*?<\/title>/, '')
  .replace(/<rect[^>]*\/>/, '');
const centre = vw / 2;

/** The mark scaled about the centre (and moved down by `dy` units), on an optional full-bleed background. */
function svg({ fill, scale, dy = 0, colour }) {
  const paint = colour ? mark.replaceAll('#fff', colour) : mark;
  const bg = fill ? `<rect width="${vw}" height="${vh}" fill="${fill}"/>` : '';
  const t = `translate(${centre} ${centre + dy}) scale(${scale}) translate(${-centre} ${-centre})`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}">${bg}<g transform="${t}">${paint}</g></svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, body: favicon },
  { file: 'icon-512.png', size: 512, body: favicon },
  // The mark spans about 41 × 28 units around (32, 29): at 0.8 its far corners stay well inside the 25.6-unit circle.
  { file: 'maskable-512.png', size: 512, body: svg({ fill: background, scale: 0.8, dy: 2.5 }) },
  { file: '../apple-touch-icon.png', size: 180, body: svg({ fill: background, scale: 0.9, dy: 2 }) },
  { file: 'badge-96.png', size: 96, body: svg({ scale: 1.35, dy: 4 }) },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const { file, size, body } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const src = `data:image/svg+xml;base64,${Buffer.from(body).toString('base64')}`;
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}</style><img src="${src}" width="${size}" height="${size}">`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: path.join(outDir, file), omitBackground: true });
    await page.close();
    console.log(`${path.relative(root, path.join(outDir, file))} ${size}×${size}`);
  }
} finally {
  await browser.close();
}
