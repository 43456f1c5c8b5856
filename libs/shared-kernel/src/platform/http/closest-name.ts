/**
 * The edit distance of two short names, counting a swap of neighbours as one edit (optimal string alignment), so
 * that `stauts` is one edit from `status`. Query parameter names are a few characters long: the quadratic table is
 * nothing, and a dependency for it would be more than the code.
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const columns = b.length + 1;
  const table: number[][] = Array.from({ length: rows }, (_row, i) => Array.from({ length: columns }, (_cell, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < columns; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      table[i][j] = Math.min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) table[i][j] = Math.min(table[i][j], table[i - 2][j - 2] + 1);
    }
  }
  return table[rows - 1][columns - 1];
}

/**
 * The known name a mistyped one most likely meant: case aside, at most one edit away for a short name and two for a
 * longer one; none when nothing is that near (a guess far off would mislead more than it helps).
 */
export function closestName(name: string, known: Iterable<string>): string | undefined {
  const typed = name.toLowerCase();
  const allowed = typed.length >= 5 ? 2 : 1;
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(typed, candidate.toLowerCase());
    if (distance <= allowed && (!best || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}
