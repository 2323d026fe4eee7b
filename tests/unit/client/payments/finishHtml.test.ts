import { describe, expect, it } from 'vitest';
import { fillFinishHtml, ticketsFileName } from '../../../../src/client/payments/status/finishHtml';

describe('FINISH blocks', () => {
  it('replaces every {purchase_id} placeholder', () => {
    expect(fillFinishHtml('<p>Compra <strong>{purchase_id}</strong> ({purchase_id})</p>', 'abc-123')).toBe('<p>Compra <strong>abc-123</strong> (abc-123)</p>');
    expect(fillFinishHtml('<p>{ purchase_id }</p>', 'x')).toBe('<p>x</p>');
  });

  it('leaves other braces alone and escapes the id', () => {
    expect(fillFinishHtml('<p>{purchase} {emission_id}</p>', 'x')).toBe('<p>{purchase} {emission_id}</p>');
    expect(fillFinishHtml('{purchase_id}', '<b>&"\'')).toBe('&lt;b&gt;&amp;&quot;&#39;');
    expect(fillFinishHtml('{purchase_id}', '$&$1')).toBe('$&amp;$1');
  });

  it('names the PDF compra_{purchase_id}.pdf', () => {
    expect(ticketsFileName('p-9')).toBe('compra_p-9.pdf');
  });
});
