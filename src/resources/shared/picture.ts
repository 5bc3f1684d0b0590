/**
 * The picture a PNG content file shows, since the mock keeps no uploaded bytes: a drawing at
 * the size the file's record gives (five people standing before a wall with a window, a plant
 * beside them), made here, the same for every file of that size. A PNG of one palette, compressed
 * with the platform's `CompressionStream` (zlib's deflate, as PNG asks; in Node and browsers).
 */

/** Sides past this are drawn at it: a record may claim any size, the bytes stay small. */
const MAX_SIDE = 4096;
/** The size drawn when the record gives none. */
const DEFAULT_SIZE = { width: 640, height: 360 };

const PALETTE = [
  [0xe9, 0xe4, 0xda], // 0 wall
  [0xc9, 0xb7, 0x9c], // 1 floor
  [0xbf, 0xd9, 0xf2], // 2 window
  [0xff, 0xff, 0xff], // 3 window frame
  [0xf1, 0xc2, 0x9b], // 4 skin
  [0x8d, 0x5a, 0x3b], // 5 skin
  [0xd9, 0xa0, 0x6e], // 6 skin
  [0x34, 0x6e, 0xb4], // 7 shirt
  [0xd9, 0x4f, 0x3d], // 8 shirt
  [0x3a, 0x9a, 0x6b], // 9 shirt
  [0xf0, 0xb4, 0x29], // 10 shirt
  [0x6a, 0x4c, 0x93], // 11 shirt
  [0x2b, 0x22, 0x1c], // 12 hair
  [0x5b, 0x8c, 0x3a], // 13 plant
  [0x9c, 0x5b, 0x3c], // 14 pot
  [0x3b, 0x3f, 0x4a], // 15 trousers
];

/** Five people: where each stands (0 to 1 across), how tall (of the height), skin, shirt. */
const PEOPLE = [
  { x: 0.2, tall: 0.62, skin: 4, shirt: 7 },
  { x: 0.35, tall: 0.68, skin: 5, shirt: 8 },
  { x: 0.5, tall: 0.6, skin: 6, shirt: 9 },
  { x: 0.65, tall: 0.7, skin: 4, shirt: 10 },
  { x: 0.8, tall: 0.64, skin: 5, shirt: 11 },
];

class Canvas {
  readonly pixels: Uint8Array;
  constructor(readonly width: number, readonly height: number) {
    this.pixels = new Uint8Array(width * height);
  }

  rect(x0: number, y0: number, x1: number, y1: number, color: number): void {
    const [left, right] = [Math.max(0, Math.round(x0)), Math.min(this.width, Math.round(x1))];
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(this.height, Math.round(y1)); y++) {
      this.pixels.fill(color, y * this.width + left, y * this.width + Math.max(left, right));
    }
  }

  /** An ellipse around (cx, cy); `until` cuts it below that row (a torso is an ellipse's top). */
  ellipse(cx: number, cy: number, rx: number, ry: number, color: number, until = Infinity): void {
    for (let y = Math.ceil(cy - ry); y <= Math.min(cy + ry, until); y++) {
      const half = rx * Math.sqrt(Math.max(0, 1 - ((y - cy) / ry) ** 2));
      this.rect(cx - half, y, cx + half, y + 1, color);
    }
  }
}

function draw(width: number, height: number): Canvas {
  const c = new Canvas(width, height);
  const floor = height * 0.78;
  c.rect(0, floor, width, height, 1);
  c.rect(width * 0.06, height * 0.1, width * 0.3, height * 0.5, 3);
  c.rect(width * 0.075, height * 0.125, width * 0.285, height * 0.475, 2);
  c.rect(width * 0.885, height * 0.72, width * 0.955, height * 0.86, 14);
  c.ellipse(width * 0.92, height * 0.6, width * 0.05, height * 0.14, 13);
  for (const p of PEOPLE) {
    const cx = width * p.x;
    const feet = floor + height * 0.12;
    const tall = height * p.tall;
    const r = tall * 0.085; // the head
    const head = feet - tall;
    const hip = head + tall * 0.58;
    const leg = r * 0.55;
    c.rect(cx - leg * 2.1, hip - r * 0.2, cx - leg * 0.15, feet, 15);
    c.rect(cx + leg * 0.15, hip - r * 0.2, cx + leg * 2.1, feet, 15);
    c.ellipse(cx, hip, r * 1.75, hip - head - r * 2.1, p.shirt, hip);
    c.ellipse(cx, head + r, r, r * 1.1, p.skin);
    c.ellipse(cx, head + r * 0.7, r * 1.05, r * 0.8, 12, head + r * 0.55);
  }
  return c;
}

/** The CRC-32 PNG chunks end with (ISO 3309). */
function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The PNG of the picture at `size` (the record's dimensions), drawn on each call. */
export async function picturePng(size: { width: number; height: number } = DEFAULT_SIZE): Promise<Uint8Array<ArrayBuffer>> {
  const width = Math.max(1, Math.min(MAX_SIDE, Math.round(size.width)));
  const height = Math.max(1, Math.min(MAX_SIDE, Math.round(size.height)));
  const { pixels } = draw(width, height);
  const rows = new Uint8Array((width + 1) * height);
  for (let y = 0; y < height; y++) rows.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  const header = new Uint8Array(13);
  new DataView(header.buffer).setUint32(0, width);
  new DataView(header.buffer).setUint32(4, height);
  header.set([8, 3, 0, 0, 0], 8); // 8 bits an index into the palette; deflate; no filter; no interlace
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', new Uint8Array(PALETTE.flat())),
    chunk('IDAT', await deflate(rows)),
    chunk('IEND', new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    png.set(part, at);
    at += part.length;
  }
  return png;
}
