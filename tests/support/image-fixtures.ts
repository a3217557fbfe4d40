import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

// Pictures, and things dressed as pictures, made on the spot for upload tests.

/** The URL of a picture as the shop stores it (`/uploads/<folder>/<hash>-<w>x<h>.webp`), for tests that need no file behind it. */
export const storedImage = (folder: string, n: number) =>
  `/uploads/${folder}/${n.toString(16).padStart(20, "0")}-800x600.webp`;

/** A small photo-like picture (a gradient, so encoders have something to do). */
function canvas(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      pixels[offset] = (x * 255) / width;
      pixels[offset + 1] = (y * 255) / height;
      pixels[offset + 2] = 128;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** A JPEG carrying EXIF (camera, owner, a GPS-like note) that must not survive storage. */
export const jpegWithExif = (width = 640, height = 480) =>
  canvas(width, height)
    .jpeg()
    .withExif({
      IFD0: { Make: "SecretCam", Artist: "Owner Private Name", ImageDescription: "GPS 39.7392 N 104.9903 W" },
    })
    .toBuffer();

export const png = (width = 400, height = 300) => canvas(width, height).png().toBuffer();
export const gif = (width = 200, height = 150) => canvas(width, height).gif().toBuffer();
export const webp = (width = 500, height = 250) => canvas(width, height).webp().toBuffer();
/** A real picture in a format the shop does not take. */
export const avif = (width = 64, height = 64) => canvas(width, height).avif().toBuffer();

/** The first half of a real PNG: right header, pixels cut off. */
export const truncatedPng = async () => {
  const whole = await png(400, 300);
  return whole.subarray(0, Math.floor(whole.length / 2));
};

export const textFile = () => Buffer.from("Just some words, not a picture at all.\n");

export const svgWithScript = () =>
  Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
      '<script>alert(document.cookie)</script><rect width="10" height="10" fill="red"/></svg>',
  );

export const htmlPage = () => Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");

/** GIF's magic bytes and a screen size, then HTML and script instead of picture data. */
export const gifHtmlPolyglot = () =>
  Buffer.concat([
    Buffer.from("GIF89a", "latin1"),
    Buffer.from([0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00]),
    Buffer.from("<html><body><script>fetch('/admin/settings')</script></body></html>"),
  ]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

/**
 * A valid PNG of a few hundred bytes declaring `width` × `height` pixels of
 * greyscale: decoding it would need width × height bytes of memory and more.
 */
export function pixelBombPng(width = 30_000, height = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.alloc((width + 1) * 4))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}
