// @ts-check
import zlib from 'node:zlib';
import { crc32, drawIcon, encodePng } from './icons.mjs';

/** The chunks of a PNG: type, data, and whether the CRC matches. */
function chunks(/** @type {Buffer} */ png) {
  const out = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    const crcOk = png.readUInt32BE(at + 8 + length) === crc32(png.subarray(at + 4, at + 8 + length));
    out.push({ type, data, crcOk });
    at += 12 + length;
  }
  return out;
}

/** RGBA of pixel (x, y) of an unfiltered 8-bit RGBA PNG. */
function pixel(/** @type {Buffer} */ png, /** @type {number} */ x, /** @type {number} */ y) {
  const parts = chunks(png);
  const width = parts[0].data.readUInt32BE(0);
  const rows = zlib.inflateSync(Buffer.concat(parts.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const at = y * (width * 4 + 1) + 1 + x * 4;
  return [...rows.subarray(at, at + 4)];
}

describe('web app icons', () => {
  it('computes the CRC-32 PNG uses', () => {
    expect(crc32(Buffer.from('IEND'))).toBe(0xae426082);
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });

  it('encodes a valid RGBA PNG', () => {
    const png = encodePng(2, 1, new Uint8Array([255, 0, 0, 255, 0, 0, 255, 128]));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const parts = chunks(png);
    expect(parts.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(parts.every((c) => c.crcOk)).toBe(true);
    expect([...parts[0].data]).toEqual([0, 0, 0, 2, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
    expect(pixel(png, 1, 0)).toEqual([0, 0, 255, 128]);
  });

  it.each([192, 512])('draws the %i px icon: green rounded square, white card, transparent corners', (size) => {
    const png = drawIcon(size);
    expect(chunks(png)[0].data.readUInt32BE(0)).toBe(size);
    expect(pixel(png, 0, 0)[3]).toBe(0);
    expect(pixel(png, Math.round(size * 0.1), Math.round(size * 0.5))).toEqual([7, 193, 96, 255]);
    expect(pixel(png, Math.round(size * 0.4), Math.round(size * 0.3))).toEqual([255, 255, 255, 255]);
  });

  it('fills the whole square of the maskable icon and keeps the card inside the safe circle', () => {
    const png = drawIcon(512, { maskable: true });
    expect(pixel(png, 0, 0)).toEqual([7, 193, 96, 255]);
    expect(pixel(png, 511, 511)).toEqual([7, 193, 96, 255]);
    expect(pixel(png, 256, 170)).toEqual([255, 255, 255, 255]);
    // Just outside the card's edge in the maskable layout (scaled to 80%).
    expect(pixel(png, 256, 100)).toEqual([7, 193, 96, 255]);
  });
});
