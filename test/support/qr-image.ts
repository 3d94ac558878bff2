/**
 * Reads a QR code drawn as an SVG path (app/features/sign-in/qr.server.ts)
 * back into its text, as a phone's camera would: the path's squares are
 * painted into a grey image, which the `qr` library's decoder scans.
 *
 *   readQrPath(path: string, size: number): string
 *     `path` is the SVG path's d (M x y h n v1 h-n z, one per run of dark
 *     modules), `size` the modules per side with the quiet zone.
 */
import decodeQR from "qr/decode.js";

const SCALE = 6;

export function readQrPath(path: string, size: number): string {
  const width = size * SCALE;
  const data = new Uint8Array(width * width * 3).fill(255);
  for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let row = Number(y) * SCALE; row < (Number(y) + 1) * SCALE; row++) {
      for (let col = Number(x) * SCALE; col < (Number(x) + Number(run)) * SCALE; col++) {
        data.fill(0, (row * width + col) * 3, (row * width + col) * 3 + 3);
      }
    }
  }
  return decodeQR({ width, height: width, data }, { format: "RGB" });
}
