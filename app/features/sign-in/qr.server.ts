import { encodeQR } from "qr";

/**
 * A QR code as one SVG path (issue 43): the otpauth: link of an
 * authenticator app's key, drawn on the server by the `qr` library
 * (paulmillr/qr: maintained, pure JavaScript, no dependencies), so the page
 * needs no script, no inline style and no image request (the console's CSP
 * allows none of those it does not already). `size` is the symbol's modules
 * per side, with its quiet zone of four light modules (ISO/IEC 18004); the
 * path draws each dark module as a 1×1 square, row by row, with runs merged.
 */
export type QrPath = { size: number; path: string };

export function qrPath(text: string): QrPath {
  const modules = encodeQR(text, "raw", { ecc: "medium", border: 4 });
  const parts: string[] = [];
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x++;
      parts.push(`M${start} ${y}h${x - start}v1h-${x - start}z`);
    }
  });
  return { size: modules.length, path: parts.join("") };
}
