import { crc32, deflateSync } from "node:zlib";

/**
 * Decompression bombs: small files whose headers declare more pixels than any decoder should allocate
 * (issue 16 item 2). Each is a whole, well-formed file, so only the declared size can refuse it.
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A PNG declaring width x height grey pixels. With `realRows` the pixel data is real (deflated zero rows,
 * about 1 KB per MB of pixels), so a decoder that is not stopped really allocates the whole image.
 */
export function pngBomb(width: number, height: number, realRows = false): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = realRows ? Buffer.alloc((width + 1) * height) : Buffer.alloc(width + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(raw, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A GIF whose logical screen is 1 x 1 and whose one frame declares width x height. */
export function gifBomb(width: number, height: number): Buffer {
  const screen = Buffer.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0]);
  const frame = Buffer.alloc(10);
  frame[0] = 0x2c;
  frame.writeUInt16LE(width, 5);
  frame.writeUInt16LE(height, 7);
  return Buffer.concat([screen, frame, Buffer.from([2, 2, 0x4c, 0x01, 0, 0x3b])]);
}

/** An AVIF container whose image spatial extent (`ispe`) declares width x height. */
export function avifBomb(width: number, height: number): Buffer {
  const box = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + body.length, 0);
    head.write(type, 4, "latin1");
    return Buffer.concat([head, body]);
  };
  const ispe = Buffer.alloc(12);
  ispe.writeUInt32BE(width, 4);
  ispe.writeUInt32BE(height, 8);
  const ftyp = box("ftyp", Buffer.from("avif\0\0\0\0avifmif1", "latin1"));
  const meta = box("meta", Buffer.concat([Buffer.alloc(4), box("iprp", box("ipco", box("ispe", ispe)))]));
  return Buffer.concat([ftyp, meta]);
}
