/** The allowed BINs of an event config (`bines_permitidos: [{ bin }]`); default empty = every card. */
export function allowedBinsOf(config: { bines_permitidos?: unknown } | null | undefined): string[] {
  const list = config?.bines_permitidos;
  if (!Array.isArray(list)) return [];
  return list
    .map((entry: unknown) => (typeof entry === 'object' && entry !== null ? String((entry as { bin?: unknown }).bin ?? '') : String(entry)))
    .filter((bin) => /^\d{6}$/.test(bin));
}
