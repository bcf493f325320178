/** Splits chosen files into new ones and ones whose name already exists in the folder (they would be replaced). */
export function splitConflicts(files: readonly File[], existing: ReadonlySet<string>): { fresh: File[]; conflicts: File[] } {
  const fresh: File[] = [];
  const conflicts: File[] = [];
  for (const file of files) (existing.has(file.name) ? conflicts : fresh).push(file);
  return { fresh, conflicts };
}
