/**
 * JPEG bytes of an OffscreenCanvas. Chrome's `convertToBlob` (and `toBlob`) encode in the page's idle time,
 * and a hidden page such as the extension's offscreen document may get none: each encode then waits for
 * Chrome's one-second fallback timer (measured: about 1 s of a 5 s translation). Where a document exists,
 * a canvas element's `toDataURL` encodes at once, with the same encoder and quality.
 */
export async function canvasToJpeg(source: OffscreenCanvas, quality: number): Promise<Uint8Array> {
  if (typeof document === "undefined") {
    const blob = await source.convertToBlob({ type: "image/jpeg", quality });
    return new Uint8Array(await blob.arrayBuffer());
  }
  const canvas = document.createElement("canvas");
  canvas.width = source.width;
  canvas.height = source.height;
  canvas.getContext("2d")!.drawImage(source, 0, 0);
  const url = canvas.toDataURL("image/jpeg", quality);
  // Frees the element's pixels now rather than at the next garbage collection.
  canvas.width = 0;
  canvas.height = 0;
  const binary = atob(url.slice(url.indexOf(",") + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
