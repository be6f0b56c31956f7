/**
 * Draws the site's raster images from its SVG mark with Chromium, so they are
 * made for this site and need no design tool. Run after changing the brand:
 *   npm run icons
 * Writes public/favicon.ico (32 px), public/apple-touch-icon.png (180 px) and
 * public/og-image.jpg (1200 x 630, the social card). The results are committed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { company } from '../common/company.ts';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';

const mark = readFileSync('public/favicon.svg', 'utf8');

/** An .ico file holding one PNG image (supported by every current browser). */
function pngToIco(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // offset of the image
  return Buffer.concat([header, png]);
}

const socialCard = `<!DOCTYPE html><html><head><style>
  body { margin: 0; width: 1200px; height: 630px; font-family: 'Liberation Sans', Arial, sans-serif;
    background: radial-gradient(900px 500px at 85% 0%, #1d4ed8, transparent 70%),
      radial-gradient(700px 400px at 0% 100%, rgba(34, 211, 238, 0.35), transparent 70%), #0f172a;
    color: #fff; display: flex; flex-direction: column; justify-content: center; padding: 0 90px; box-sizing: border-box; }
  .brand { display: flex; align-items: center; gap: 24px; font-size: 44px; font-weight: 700; }
  .brand svg { width: 96px; height: 96px; }
  h1 { font-size: 68px; line-height: 1.1; margin: 48px 0 24px; max-width: 960px; }
  p { font-size: 32px; color: #cbd5e1; margin: 0; }
  .accent { color: #67e8f9; }
</style></head><body>
  <div class="brand">${mark}<span>${company.name}</span></div>
  <h1>Software, marketing and design for <span class="accent">growing businesses</span></h1>
  <p>Software development · Digital marketing · UI/UX design · IT consulting</p>
</body></html>`;

const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const page = await browser.newPage();
  const render = async (html: string, width: number, height: number, type: 'png' | 'jpeg' = 'png') => {
    await page.setViewportSize({ width, height });
    await page.setContent(html);
    const clip = { x: 0, y: 0, width, height };
    return type === 'png'
      ? page.screenshot({ omitBackground: true, clip })
      : page.screenshot({ type, quality: 88, clip });
  };
  const square = (size: number, padding: number, background: string) =>
    `<html><body style="margin:0;background:${background}"><div style="width:${size}px;height:${size}px;padding:${padding}px;box-sizing:border-box">${mark.replace('<svg ', `<svg width="${size - 2 * padding}" height="${size - 2 * padding}" `)}</div></body></html>`;

  writeFileSync('public/favicon.ico', pngToIco(await render(square(32, 0, 'transparent'), 32, 32), 32));
  writeFileSync('public/apple-touch-icon.png', await render(square(180, 18, '#ffffff'), 180, 180));
  writeFileSync('public/og-image.jpg', await render(socialCard, 1200, 630, 'jpeg'));
} finally {
  await browser.close();
}
console.log('Wrote public/favicon.ico, public/apple-touch-icon.png and public/og-image.jpg');
