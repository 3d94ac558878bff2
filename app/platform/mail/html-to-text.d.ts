// html-to-text ships no types (React Email's plain-text conversion uses it); this covers what ./define.ts calls.
declare module "html-to-text" {
  /** A converter for these options: html-to-text's `convert` compiles its options again on every call. */
  export function compile(options?: object): (html: string) => string;
}
