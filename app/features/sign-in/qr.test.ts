import { describe, expect, test } from "vitest";
import { readQrPath } from "../../../test/support/qr-image";
import { qrPath } from "./qr.server";

/** The authenticator app's QR code (issue 43): the path a page draws reads back as the otpauth: link it was made from. */
describe("a QR code as an SVG path", () => {
  const uri =
    "otpauth://totp/Maternis%20staff%20console:amara.mensah%40maternis.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXPJBSW&issuer=Maternis%20staff%20console&digits=6&period=30";

  test("reads back as the link, with a quiet zone of four light modules around the symbol", () => {
    const { size, path } = qrPath(uri);
    expect(readQrPath(path, size)).toBe(uri);
    const starts = [...path.matchAll(/M(\d+) (\d+)h(\d+)/g)].map(([, x, y, run]) => [+x!, +y!, +run!] as const);
    expect(Math.min(...starts.map(([x]) => x))).toBe(4);
    expect(Math.min(...starts.map(([, y]) => y))).toBe(4);
    expect(Math.max(...starts.map(([x, , run]) => x + run))).toBe(size - 4);
    expect(Math.max(...starts.map(([, y]) => y + 1))).toBe(size - 4);
  });

  test("another link draws another code (positive control for the reading)", () => {
    const other = uri.replace("JBSWY3DP", "KRSXG5CT");
    const { size, path } = qrPath(other);
    expect(readQrPath(path, size)).toBe(other);
    expect(path).not.toBe(qrPath(uri).path);
  });
});
