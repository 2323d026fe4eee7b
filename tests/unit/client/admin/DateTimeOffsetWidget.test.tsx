import type { Registry, WidgetProps } from '@rjsf/utils';
import { enableStaticRendering } from 'mobx-react-lite';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { addAdminNamespace } from '../../../../src/client/admin/adminNamespace';
import { DateTimeOffsetWidget, FIRST_OFFSET, joinDateTime, offsetChoices, splitDateTime } from '../../../../src/client/admin/events/DateTimeOffsetWidget';
import { createI18n, switchLanguage } from '../../../../src/client/i18n/createI18n';

// The unit files share one module graph (`isolate: false`), so nothing here is mocked: the widget is drawn to HTML,
// and what its two controls write back is the value its handlers build (`joinDateTime` of the time and the offset).
enableStaticRendering(true);
const i18n = createI18n('es');

beforeAll(async () => {
  addAdminNamespace(i18n);
  await switchLanguage(i18n, 'es');
});

/** The widget for `value`, drawn to HTML. */
function draw(value: string | undefined): string {
  const props = {
    id: 'event.event.starts_at', name: 'starts_at', label: 'starts_at', value, required: false, disabled: false, readonly: false, autofocus: false,
    onChange: () => undefined, onBlur: () => undefined, onFocus: () => undefined,
    options: {}, schema: { type: 'string', format: 'date-time' }, registry: { formContext: {} } as unknown as Registry, rawErrors: [],
  } as unknown as WidgetProps;
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}><DateTimeOffsetWidget {...props} /></I18nextProvider>);
}

/** What the time input writes for a value when the buyer of the editor types `local` (the offset kept). */
const timeTyped = (value: string, local: string) => joinDateTime(local, splitDateTime(value).offset);
/** What the offset select writes for a value when `offset` is chosen (the time kept). */
const offsetChosen = (value: string, offset: string) => joinDateTime(splitDateTime(value).local, offset);

describe('the event editor\'s date-time widget', () => {
  it('shows the wall-clock time and the value\'s own offset, both labelled', () => {
    const html = draw('2027-03-13T20:00:00-06:00');
    expect(html).toMatch(/<input[^>]*type="datetime-local"[^>]*value="2027-03-13T20:00:00"|<input[^>]*value="2027-03-13T20:00:00"[^>]*type="datetime-local"/);
    expect(html).toContain('starts_at: hora local');
    expect(html).toContain('starts_at: desfase UTC');
    expect(html).toMatch(/<option value="-06:00" selected="">UTC-06:00<\/option>/);
    expect(offsetChoices('-06:00')).toEqual(['-08:00', '-07:00', '-06:00', '-05:00', 'Z']);
    // Untouched, the value is the file's text: split and joined back it is the same string.
    expect(joinDateTime(splitDateTime('2027-03-13T20:00:00-06:00').local, '-06:00')).toBe('2027-03-13T20:00:00-06:00');
  });

  it('keeps the offset when the time changes, seconds included', () => {
    expect(timeTyped('2027-03-13T20:00:00-06:00', '2027-03-13T21:30')).toBe('2027-03-13T21:30:00-06:00');
    expect(timeTyped('2027-03-13T20:00:00-06:00', '2027-03-13T21:30:15')).toBe('2027-03-13T21:30:15-06:00');
  });

  it('rewrites the offset when another is chosen, the time unchanged', () => {
    expect(offsetChosen('2027-03-13T20:00:00-06:00', '-05:00')).toBe('2027-03-13T20:00:00-05:00');
    expect(offsetChosen('2027-03-13T20:00:00-06:00', 'Z')).toBe('2027-03-13T20:00:00Z');
  });

  it('lists an offset outside Mexico\'s when the value has it, and keeps it', () => {
    expect(draw('2027-03-13T20:00:00+05:30')).toMatch(/<option value="\+05:30" selected="">UTC\+05:30<\/option>/);
    expect(offsetChoices('+05:30')).toEqual(['+05:30', '-08:00', '-07:00', '-06:00', '-05:00', 'Z']);
    expect(timeTyped('2027-03-13T20:00:00+05:30', '2027-03-14T08:00:00')).toBe('2027-03-14T08:00:00+05:30');
  });

  it('leaves the field without a value when the time is emptied', () => {
    expect(timeTyped('2027-03-13T20:00:00-06:00', '')).toBeUndefined();
  });

  it('starts an empty field at central Mexico\'s offset', () => {
    const html = draw(undefined);
    expect(html).toMatch(/<option value="-06:00" selected="">UTC-06:00<\/option>/);
    expect(html).toMatch(/<input[^>]*type="datetime-local"/);
    expect(FIRST_OFFSET).toBe('-06:00');
    expect(joinDateTime('2027-03-13T20:00', FIRST_OFFSET)).toBe('2027-03-13T20:00:00-06:00');
  });
});
