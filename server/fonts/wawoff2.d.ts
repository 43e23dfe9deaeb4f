/** wawoff2 (Google's woff2 compiled to WebAssembly) ships no type declarations. */
declare module "wawoff2" {
  /** WOFF2 bytes to TTF/OTF bytes; rejects when the file is not a valid WOFF2 font. */
  export function decompress(bytes: Uint8Array): Promise<Uint8Array>;
}
