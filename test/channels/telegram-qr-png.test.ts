/**
 * The ticket's QR code PNG: a valid file whose pixels are exactly the ones qrcode's own
 * renderer paints for the same code and options (so the same image, scanned the same).
 */
import { createRequire } from 'node:module';
import { crc32, inflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrPng, type QrPngOptions } from '#src/channels/telegram/qr-png.js';
import { ticketQr } from '#src/channels/telegram/tickets.js';

/** qrcode's PNG renderer before encoding: the RGBA pixels it hands to pngjs. */
const qrcodeRenderer = createRequire(import.meta.url)('qrcode/lib/renderer/png.js') as {
  render(qr: QRCode.QRCode, options: object): { width: number; height: number; data: Uint8Array };
};

interface Decoded {
  width: number;
  height: number;
  /** One byte per pixel: 1 dark, 0 light. */
  dark: Uint8Array;
}

/** Reads the PNG: its chunks (with their CRCs checked), then the 1-bit grey rows. */
function decode(png: Buffer): Decoded {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks: Array<{ type: string; data: Buffer }> = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const typed = png.subarray(at + 4, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(typed));
    chunks.push({ type: typed.subarray(0, 4).toString('latin1'), data: typed.subarray(4) });
    at += 12 + length;
  }
  expect(chunks.map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
  const header = chunks[0]!.data;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  expect([...header.subarray(8)]).toEqual([1, 0, 0, 0, 0]); // 1 bit grey, no interlace
  const rows = inflateSync(chunks[1]!.data);
  const stride = 1 + Math.ceil(width / 8);
  expect(rows.length).toBe(stride * height);
  const dark = new Uint8Array(width * height);
  const filters = new Set<number>();
  for (let y = 0; y < height; y += 1) {
    filters.add(rows[y * stride]!);
    for (let x = 0; x < width; x += 1) {
      const white = (rows[y * stride + 1 + (x >> 3)]! >> (7 - (x & 7))) & 1;
      dark[y * width + x] = white ? 0 : 1;
    }
  }
  expect([...filters]).toEqual([0]); // no row filter
  return { width, height, dark };
}

/** What qrcode's renderer paints, as the same dark/light bytes. */
function qrcodePixels(text: string, options: QrPngOptions): Decoded {
  const qr = QRCode.create(text, { errorCorrectionLevel: options.errorCorrectionLevel });
  const image = qrcodeRenderer.render(qr, { margin: options.margin, width: options.width });
  const dark = new Uint8Array(image.width * image.height);
  let grey = 0; // pixels neither opaque black nor opaque white
  for (let at = 0; at < dark.length; at += 1) {
    const [r, g, b, a] = image.data.subarray(at * 4, at * 4 + 4);
    if ((r !== 0 && r !== 255) || g !== r || b !== r || a !== 255) grey += 1;
    dark[at] = r === 0 ? 1 : 0;
  }
  expect(grey).toBe(0);
  return { width: image.width, height: image.height, dark };
}

describe('qrPng', () => {
  const cases: Array<[string, QrPngOptions]> = [
    // The ticket's settings: a scale of 512 / (size + 4), not a whole number.
    ['AC-7H2K9Q', { errorCorrectionLevel: 'M', margin: 2, width: 512 }],
    [
      'TKT-0001-ÁÉÍ-long access code 1234567890',
      { errorCorrectionLevel: 'M', margin: 2, width: 512 },
    ],
    ['x', { errorCorrectionLevel: 'H', margin: 4, width: 100 }],
    // Narrower than the code and its margin: qrcode's scale of 4 px per module.
    ['AC-7H2K9Q', { errorCorrectionLevel: 'L', margin: 1, width: 22 }],
  ];

  it.each(cases)('draws the pixels qrcode draws for %j', (text, options) => {
    const ours = decode(qrPng(text, options));
    const theirs = qrcodePixels(text, options);
    expect({ width: ours.width, height: ours.height }).toEqual({
      width: theirs.width,
      height: theirs.height,
    });
    expect(Buffer.from(ours.dark).equals(Buffer.from(theirs.dark))).toBe(true);
    expect(ours.dark.some((pixel) => pixel === 1)).toBe(true);
  });

  it('is the ticket photo: the access code at 512 px, error correction M, margin 2', async () => {
    const photo = decode(await ticketQr('AC-7H2K9Q'));
    const expected = qrcodePixels('AC-7H2K9Q', {
      errorCorrectionLevel: 'M',
      margin: 2,
      width: 512,
    });
    expect(photo.width).toBe(expected.width);
    expect(Buffer.from(photo.dark).equals(Buffer.from(expected.dark))).toBe(true);
  });
});
