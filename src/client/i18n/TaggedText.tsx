import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';

const TAG = /<(\w+)>([^<]*)<\/\1>/g;

/**
 * A translated sentence whose `<name>…</name>` parts become the given elements (with the part's
 * text as their children), the rest plain text: what react-i18next's `<Trans components>` does
 * for our strings, without its HTML parser on the way to the attendee form
 * (docs/decisions/016-page-weight.md). Tags do not nest; an unknown tag shows its text alone.
 */
export function TaggedText({ text, components }: { text: string; components: Record<string, ReactElement> }): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name, inner] = match;
    parts.push(text.slice(last, match.index));
    const element = components[name];
    parts.push(element ? cloneElement(element, { key: parts.length }, inner) : <Fragment key={parts.length}>{inner}</Fragment>);
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
