/**
 * The language of the answer from an `Accept-Language` header: of the tags it accepts (q > 0),
 * the preferred one (highest q, then first listed) whose language is es or en; Spanish otherwise.
 */
export function messageLanguage(header: string | string[] | undefined): 'es' | 'en' {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranked = value
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { language: tag.trim().toLowerCase().split('-')[0], weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((candidate) => candidate.weight > 0 && (candidate.language === 'es' || candidate.language === 'en'))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked[0]?.language === 'en' ? 'en' : 'es';
}
