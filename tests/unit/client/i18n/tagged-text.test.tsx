import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TaggedText } from '../../../../src/client/i18n/TaggedText';

const render = (text: string) =>
  renderToStaticMarkup(<TaggedText text={text} components={{ termsLink: <a href="/t" />, privacyLink: <a href="/p" /> }} />);

describe('TaggedText', () => {
  it('turns each <name>…</name> into its element with the text inside, the rest plain', () => {
    expect(render('Al continuar aceptas los <termsLink>términos</termsLink> y el <privacyLink>aviso</privacyLink>.')).toBe(
      'Al continuar aceptas los <a href="/t">términos</a> y el <a href="/p">aviso</a>.',
    );
  });

  it('shows the text of an unknown tag alone, and a sentence without tags as it is (escaped)', () => {
    expect(render('a <otro>b</otro> c')).toBe('a b c');
    expect(render('sin etiquetas & <b')).toBe('sin etiquetas &amp; &lt;b');
  });
});
