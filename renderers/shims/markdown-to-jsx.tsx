import type { ReactNode } from 'react';

/**
 * Stands in for `markdown-to-jsx/react` inside rjsf (scripts/vite-plugin-form-engine-trim.js,
 * docs/decisions/016-page-weight.md). rjsf renders markdown only where a uiSchema sets
 * `enableMarkdownInDescription` / `enableMarkdownInHelp`, and ours never do (uiSchemas are
 * compiled by us from typed field definitions), or in messages about a broken schema and in its
 * default file widget, which our registry replaces. Those texts are shown as they are: plain
 * text, no HTML, as the real component does with `disableParsingRawHTML`.
 */
export function Markdown({ children }: { children?: ReactNode; options?: unknown }): ReactNode {
  return <>{children}</>;
}
