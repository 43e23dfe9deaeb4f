/**
 * Where an image's pixels are on screen: its content box (border and padding removed, scaled by CSS
 * transforms) in viewport coordinates, and the object-fit / object-position the overlay copies so the
 * translated picture lands exactly on the original's pixels.
 */

export interface ImageBox {
  left: number;
  top: number;
  width: number;
  height: number;
  visible: boolean;
}

export function contentBox(element: Element): ImageBox {
  const rect = element.getBoundingClientRect();
  const style = getComputedStyle(element);
  const html = element as HTMLElement;
  // Transforms scale the border box; borders and padding scale with it.
  const sx = html.offsetWidth ? rect.width / html.offsetWidth : 1;
  const sy = html.offsetHeight ? rect.height / html.offsetHeight : 1;
  const px = (v: string) => Number.parseFloat(v) || 0;
  const left = (px(style.borderLeftWidth) + px(style.paddingLeft)) * sx;
  const right = (px(style.borderRightWidth) + px(style.paddingRight)) * sx;
  const top = (px(style.borderTopWidth) + px(style.paddingTop)) * sy;
  const bottom = (px(style.borderBottomWidth) + px(style.paddingBottom)) * sy;
  const width = Math.max(0, rect.width - left - right);
  const height = Math.max(0, rect.height - top - bottom);
  const visible =
    element.isConnected &&
    width > 0 &&
    height > 0 &&
    style.visibility !== "hidden" &&
    style.display !== "none";
  return { left: rect.left + left, top: rect.top + top, width, height, visible };
}

export function sameBox(a: ImageBox | undefined, b: ImageBox): boolean {
  return (
    !!a &&
    a.left === b.left &&
    a.top === b.top &&
    a.width === b.width &&
    a.height === b.height &&
    a.visible === b.visible
  );
}
