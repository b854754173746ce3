/**
 * Test-only: jsdom does no layout, and CodeMirror measures text ranges after each update. Empty
 * rectangles let it render and edit in jsdom without logging errors. Only tests import this file.
 */
export function stubTextLayout(): void {
  const empty = () => new DOMRect(0, 0, 0, 0);
  const emptyList = () => Object.assign([] as DOMRect[], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= emptyList;
  Range.prototype.getBoundingClientRect ??= empty;
}
