/**
 * A QR code as a black and white PNG, drawn and encoded here: one bit per pixel and no
 * row filters. qrcode's own PNG renderer paints every pixel in RGBA and lets pngjs try
 * five filters on every row, a megabyte of work for a 512-pixel code and the most
 * expensive step of a selling turn. The pixels are the ones qrcode draws, by
 * its own arithmetic (`qrToImageData`: a fractional scale, the margin in modules), so
 * the image and what it encodes are the same; only the file is smaller and cheaper.
 */
import { deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

export interface QrPngOptions {
  errorCorrectionLevel: QRCode.QRCodeErrorCorrectionLevel;
  /** Quiet zone, in modules. */
  margin: number;
  /** The image's side in pixels. */
  width: number;
}

export function qrPng(text: string, options: QrPngOptions): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: options.errorCorrectionLevel });
  return encodePng(pixelRows(modules.size, modules.data, options), rowSide(modules.size, options));
}

/** qrcode's `getScale` and `getImageWidth` for a width it can honour. */
function scaleOf(size: number, { width, margin }: QrPngOptions): number {
  return width >= size + margin * 2 ? width / (size + margin * 2) : 4;
}

function rowSide(size: number, options: QrPngOptions): number {
  return Math.floor((size + options.margin * 2) * scaleOf(size, options));
}

/**
 * The image's rows, each a filter byte (0: none) and its pixels packed 8 to a byte, a
 * set bit white. A row of modules is drawn once, white with its dark modules' spans of
 * pixels cleared (a module's span: the pixels qrcode's arithmetic puts in it), and copied
 * to the other pixel rows that show it; the margin's rows are white.
 */
function pixelRows(size: number, data: Uint8Array, options: QrPngOptions): Buffer {
  const scale = scaleOf(size, options);
  const side = rowSide(size, options);
  const margin = options.margin * scale;
  const inside = (at: number) => at >= margin && at < side - margin;
  const moduleAt = (at: number) => Math.floor((at - margin) / scale);
  // Module i covers the pixels [starts[i], ends[i]) of a row, and the rows alike.
  const starts = new Int32Array(size).fill(side);
  const ends = new Int32Array(size);
  for (let at = 0; at < side; at += 1) {
    if (!inside(at)) continue;
    const module = moduleAt(at);
    starts[module] = Math.min(starts[module]!, at);
    ends[module] = at + 1;
  }
  const stride = 1 + Math.ceil(side / 8);
  // A row of white pixels: the bits of the side set, the filter byte and the padding 0.
  const white = Buffer.alloc(stride, 0xff);
  white[0] = 0;
  if (side % 8 !== 0) white[stride - 1] = (0xff << (8 - (side % 8))) & 0xff;
  // Every row is written whole below (white, or a copy of the row above it), so the
  // buffer is not zeroed first; rows are copied with the typed array's own `copyWithin`
  // and `set`, not `Buffer.copy`, whose checks cost about as much as the copy (a third
  // of this function's time, measured).
  const image = Buffer.allocUnsafe(stride * side);
  for (let y = 0; y < side; y += 1) {
    const offset = y * stride;
    const row = inside(y) ? moduleAt(y) : -1;
    if (row >= 0 && starts[row] !== y) {
      image.copyWithin(offset, starts[row]! * stride, (starts[row]! + 1) * stride);
      continue;
    }
    image.set(white, offset);
    for (let column = 0; row >= 0 && column < size; column += 1) {
      if (!data[row * size + column]) continue;
      for (let x = starts[column]!; x < ends[column]!; x += 1) {
        image[offset + 1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
      }
    }
  }
  return image;
}

/**
 * zlib's fast deflate (levels 1-3), not its default 6: the rows are long runs of 0x00 and
 * 0xff and copies of the row above, which the fast matcher finds as well; at 512 px the
 * IDAT is ~0.8 KB instead of ~0.4 KB, for a third of the CPU (~40 µs against ~125).
 */
const DEFLATE_LEVEL = 2;

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function encodePng(rows: Buffer, side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // grayscale; compression, filter method and interlace 0
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: DEFLATE_LEVEL })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
