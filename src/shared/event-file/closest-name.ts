function editDistance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0];
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j];
      previous[j] = Math.min(previous[j] + 1, previous[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return previous[b.length];
}

/**
 * The known names an unknown one was probably meant to be: those it is the start of
 * (`metodo_pago_stripe` → the three stripe flags), else the nearest by edit distance.
 */
export function closestNames(unknown: string, known: readonly string[]): string[] {
  const lower = unknown.toLowerCase();
  if (lower.length >= 3) {
    const extended = known.filter((name) => name.toLowerCase().startsWith(lower) && name.toLowerCase() !== lower);
    if (extended.length > 0 && extended.length <= 3) return extended;
  }
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(lower, name.toLowerCase());
    if (!best || distance < best.distance) best = { name, distance };
  }
  const tolerance = Math.max(1, Math.floor(unknown.length / 4));
  return best && best.distance <= tolerance ? [best.name] : [];
}
