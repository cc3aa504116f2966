/**
 * Runs `fn` once what has been rendered so far is on screen: two frames (the first paints it, the second starts
 * after it was presented), then a task. Returns a cancel function.
 */
export function afterPaint(fn: () => void): () => void {
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      timer = setTimeout(fn, 0);
    });
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
