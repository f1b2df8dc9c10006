// The web app's icons, drawn at build time: a white SIM card with a chip on the site's green. No image package:
// PNG is a few zlib-deflated scanlines between CRC-checked chunks.
import zlib from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** @param {Buffer} bytes */
export function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** @param {string} type @param {Buffer} data */
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * An 8-bit RGBA PNG.
 * @param {number} width @param {number} height @param {Uint8Array} rgba width * height * 4 bytes, row by row
 */
export function encodePng(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // bit depth 8, colour type RGBA, deflate, no filter method, no interlace
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    // Filter type 0 (none) before each scanline.
    rows.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** @param {string} hex #RRGGBB */
const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** Inside a rectangle with rounded corners (unit coordinates). */
function inRoundedRect(x, y, left, top, right, bottom, radius) {
  if (x < left || x > right || y < top || y > bottom) return false;
  const cx = Math.min(Math.max(x, left + radius), right - radius);
  const cy = Math.min(Math.max(y, top + radius), bottom - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/**
 * The icon as RGBA pixels. `maskable`: the background fills the square (the platform cuts its own shape) and the
 * card stays inside the central safe circle (radius 40%); otherwise a rounded square on transparency.
 * @param {number} size @param {{ maskable?: boolean, color?: string, chip?: string }} [options]
 */
export function drawIcon(size, { maskable = false, color = '#07C160', chip = '#047A3D' } = {}) {
  const background = rgb(color);
  const chipColor = rgb(chip);
  const white = [255, 255, 255];
  const scale = maskable ? 0.8 : 1;
  // The SIM card, centred: 0.4 wide, 0.56 high, top-right corner cut.
  const half = { w: 0.2 * scale, h: 0.28 * scale };
  const card = { left: 0.5 - half.w, right: 0.5 + half.w, top: 0.5 - half.h, bottom: 0.5 + half.h };
  const cut = 0.12 * scale;
  /** @returns {number[] | null} */
  const colourAt = (x, y) => {
    if (!maskable && !inRoundedRect(x, y, 0, 0, 1, 1, 0.18)) return null;
    const inCard =
      inRoundedRect(x, y, card.left, card.top, card.right, card.bottom, 0.03 * scale) &&
      card.right - x + (y - card.top) >= cut;
    if (!inCard) return background;
    const chipBox = { left: 0.5 - 0.12 * scale, right: 0.5 + 0.12 * scale, top: 0.5 - 0.02 * scale };
    if (inRoundedRect(x, y, chipBox.left, chipBox.top, chipBox.right, card.bottom - 0.08 * scale, 0.03 * scale)) {
      return chipColor;
    }
    return white;
  };
  // 3 x 3 samples a pixel: smooth edges without a rasteriser.
  const samples = 3;
  const pixels = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const colour = colourAt((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size);
          if (!colour) continue;
          for (let i = 0; i < 3; i += 1) sum[i] += colour[i];
          sum[3] += 1;
        }
      }
      const offset = (py * size + px) * 4;
      const covered = sum[3];
      for (let i = 0; i < 3; i += 1) pixels[offset + i] = covered ? Math.round(sum[i] / covered) : 0;
      pixels[offset + 3] = Math.round((covered / samples ** 2) * 255);
    }
  }
  return encodePng(size, size, pixels);
}
