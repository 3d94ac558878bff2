/**
 * The page the development server answers when the app cannot be loaded (a
 * syntax error in a page, say): Vite's error overlay, as Vite's own server
 * shows it, with the response's nonce on its one script so the page keeps the
 * same Content-Security-Policy as every other.
 */
export type OverlayError = { message: string; stack: string; id?: string; frame?: string; plugin?: string };

/** What Vite's overlay shows of an error (its `prepareError`, without terminal colours). */
export function overlayError(error: unknown): OverlayError {
  const plain = (text: unknown) => (typeof text === "string" ? text.replace(/\u001b\[[\d;]*m/g, "") : undefined);
  const details = (error ?? {}) as {
    message?: unknown;
    stack?: unknown;
    id?: unknown;
    frame?: unknown;
    plugin?: unknown;
  };
  return {
    message: plain(details.message) ?? String(error),
    stack: (plain(details.stack) ?? "")
      .split("\n")
      .filter((line) => /^\s*at/.test(line))
      .join("\n"),
    id: plain(details.id),
    frame: plain(details.frame),
    plugin: plain(details.plugin),
  };
}

export function errorOverlayPage(error: OverlayError, nonce: string): string {
  // JSON inside a script: "<" is escaped so the text cannot close the element.
  const data = JSON.stringify(error).replace(/</g, "\\u003c");
  return `<!DOCTYPE html>
<html lang="en-GB">
  <head>
    <meta charset="utf-8" />
    <title>Error</title>
    <script type="module" nonce="${nonce}">
      const error = ${data};
      try {
        const { ErrorOverlay } = await import("/@vite/client");
        document.body.appendChild(new ErrorOverlay(error));
      } catch {
        const pre = document.createElement("pre");
        pre.textContent = error.message + "\\n" + (error.frame ?? "") + "\\n" + error.stack;
        document.body.appendChild(pre);
      }
    </script>
  </head>
  <body></body>
</html>
`;
}
