/**
 * Renders public/icons/logo.svg into the PNG icons the web manifest names, in headless Chromium:
 *   npx tsx scripts/make-icons.ts
 * "any" icons put the mark on white (iOS fills transparency with black); the maskable icon puts a
 * white mark on the primary colour, inside the central 80% safe zone.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/support/chromium';

const primary = '#3730a3';
const iconsDir = fileURLToPath(new URL('../public/icons/', import.meta.url));

type Icon = { file: string; size: number; background: string; markScale: number; invert: boolean };

const icons: Icon[] = [
  { file: 'icon-192.png', size: 192, background: '#ffffff', markScale: 1, invert: false },
  { file: 'icon-512.png', size: 512, background: '#ffffff', markScale: 1, invert: false },
  // The mark's own viewBox has a 1/8 margin, so 0.8 keeps the bubble within ~60% of the canvas.
  { file: 'icon-maskable-512.png', size: 512, background: primary, markScale: 0.8, invert: true },
];

/** Swaps the mark's two colours: a white bubble with primary-coloured waves. */
function invertColours(svg: string): string {
  return svg
    .replaceAll(primary, '__PRIMARY__')
    .replaceAll('#ffffff', primary)
    .replaceAll('__PRIMARY__', '#ffffff');
}

function page(svg: string, icon: Icon): string {
  const mark = icon.size * icon.markScale;
  return `<!doctype html><html><head><style>
    html, body { margin: 0; width: ${icon.size}px; height: ${icon.size}px; background: ${icon.background}; }
    body { display: flex; align-items: center; justify-content: center; }
    svg { width: ${mark}px; height: ${mark}px; display: block; }
  </style></head><body>${svg}</body></html>`;
}

/** Reads back a screenshot's RGBA pixels by drawing it on a canvas in the page. */
async function pixelsOf(tab: Page, png: Buffer, size: number): Promise<Uint8Array> {
  const data = await tab.evaluate(
    async ({ src, size }) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = size;
      canvas.height = size;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('No 2D canvas');
      context.drawImage(image, 0, 0);
      return Array.from(context.getImageData(0, 0, size, size).data);
    },
    { src: `data:image/png;base64,${png.toString('base64')}`, size },
  );
  return Uint8Array.from(data);
}

function chunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * Every pixel of the icons is the primary colour, white or an anti-aliased blend of the two: snap each
 * one to the nearest of `levels` steps between them so the image fits a small palette.
 */
function snapToBlend(rgba: Uint8Array, from: string, to: string, levels = 64): Uint8Array {
  const parse = (hex: string) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  const a = parse(from);
  const b = parse(to);
  const delta = b.map((value, channel) => value - (a[channel] ?? 0));
  const length2 = delta.reduce((sum, d) => sum + d * d, 0);
  const out = new Uint8Array(rgba.length);
  for (let i = 0; i < rgba.length; i += 4) {
    let dot = 0;
    for (let channel = 0; channel < 3; channel++) {
      dot += ((rgba[i + channel] ?? 0) - (a[channel] ?? 0)) * (delta[channel] ?? 0);
    }
    const t = Math.round(Math.min(1, Math.max(0, dot / length2)) * levels) / levels;
    for (let channel = 0; channel < 3; channel++) {
      out[i + channel] = Math.round((a[channel] ?? 0) + t * (delta[channel] ?? 0));
    }
    out[i + 3] = 255;
  }
  return out;
}

/**
 * Encodes opaque RGBA pixels as an 8-bit palette PNG, which is several times smaller than Chromium's
 * truecolour screenshot for a flat two-colour mark. Returns null when there are more than 256 colours.
 */
function encodeIndexedPng(rgba: Uint8Array, size: number): Buffer | null {
  const palette = new Map<number, number>();
  const rows = Buffer.alloc((size + 1) * size);
  for (let y = 0; y < size; y++) {
    rows[y * (size + 1)] = 0; // filter type: none
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      const rgb = ((rgba[i] ?? 0) << 16) | ((rgba[i + 1] ?? 0) << 8) | (rgba[i + 2] ?? 0);
      let index = palette.get(rgb);
      if (index === undefined) {
        if (palette.size === 256) return null;
        index = palette.size;
        palette.set(rgb, index);
      }
      rows[y * (size + 1) + 1 + x] = index;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 3, 0, 0, 0], 8); // bit depth 8, colour type 3 (palette), no interlace
  const plte = Buffer.alloc(palette.size * 3);
  for (const [rgb, index] of palette) plte.set([(rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255], index * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', plte),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const logo = await readFile(`${iconsDir}logo.svg`, 'utf8');
const browser = await launchBrowser();

try {
  for (const icon of icons) {
    const context = await browser.newContext({
      viewport: { width: icon.size, height: icon.size },
      deviceScaleFactor: 1,
    });
    const tab = await context.newPage();
    await tab.setContent(page(icon.invert ? invertColours(logo) : logo, icon));
    const path = `${iconsDir}${icon.file}`;
    const screenshot = await tab.screenshot({
      type: 'png',
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    const indexed = encodeIndexedPng(
      snapToBlend(await pixelsOf(tab, screenshot, icon.size), primary, '#ffffff'),
      icon.size,
    );
    await writeFile(path, indexed ?? screenshot);
    await context.close();
    const { size } = await stat(path);
    console.log(`${icon.file}: ${icon.size}x${icon.size}, ${(size / 1024).toFixed(1)} KB`);
  }
} finally {
  await browser.close();
}
