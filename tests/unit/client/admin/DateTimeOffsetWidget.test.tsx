import type { Registry, WidgetProps } from '@rjsf/utils';
import { enableStaticRendering } from 'mobx-react-lite';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { addAdminNamespace } from '../../../../src/client/admin/adminNamespace';
import { DateTimeOffsetWidget } from '../../../../src/client/admin/events/DateTimeOffsetWidget';
import { createI18n, switchLanguage } from '../../../../src/client/i18n/createI18n';

/** The props the widget gives its time input and its offset select, by id, from one render (no DOM here: the handlers are called as a browser would). */
const drawn = vi.hoisted(() => new Map<string, { value: string; label?: string; type?: string; onChange: (event: { target: { value: string } }) => void; children?: unknown }>());
vi.mock('@mui/material/OutlinedInput', () => ({
  default: (props: { id?: string; value: string; label?: string; type?: string; onChange: never }) => {
    if (props.id) drawn.set(props.id, props);
    return null;
  },
}));
vi.mock('@mui/material/NativeSelect', () => ({
  default: (props: { id: string; value: string; onChange: never; children: unknown; input: { props: { label: string } } }) => {
    drawn.set(props.id, { ...props, label: props.input.props.label });
    return null;
  },
}));

enableStaticRendering(true);
const i18n = createI18n('es');

beforeAll(async () => {
  addAdminNamespace(i18n);
  await switchLanguage(i18n, 'es');
});

/** Draws the widget for `value` and answers its two controls and the values it wrote back. */
function draw(value: string | undefined) {
  drawn.clear();
  const written: unknown[] = [];
  const props = {
    id: 'event.event.starts_at', name: 'starts_at', label: 'starts_at', value, required: false, disabled: false, readonly: false, autofocus: false,
    onChange: (next: unknown) => written.push(next), onBlur: () => undefined, onFocus: () => undefined,
    options: {}, schema: { type: 'string', format: 'date-time' }, registry: { formContext: {} } as unknown as Registry, rawErrors: [],
  } as unknown as WidgetProps;
  renderToStaticMarkup(<I18nextProvider i18n={i18n}><DateTimeOffsetWidget {...props} /></I18nextProvider>);
  const time = drawn.get('event.event.starts_at')!;
  const offset = drawn.get('event.event.starts_at-offset')!;
  const offsets = (offset.children as unknown[]).flat().filter(Boolean).map((option) => (option as { props: { value: string } }).props.value);
  return { time, offset, offsets, written };
}

describe('the event editor\'s date-time widget', () => {
  it('shows the wall-clock time and the value\'s own offset, both labelled, and writes nothing untouched', () => {
    const { time, offset, offsets, written } = draw('2027-03-13T20:00:00-06:00');
    expect(time).toMatchObject({ type: 'datetime-local', value: '2027-03-13T20:00:00', label: 'starts_at: hora local' });
    expect(offset).toMatchObject({ value: '-06:00', label: 'starts_at: desfase UTC' });
    expect(offsets).toEqual(['-08:00', '-07:00', '-06:00', '-05:00', 'Z']);
    expect(written).toEqual([]);
  });

  it('keeps the offset when the time changes, seconds included', () => {
    const { time, written } = draw('2027-03-13T20:00:00-06:00');
    time.onChange({ target: { value: '2027-03-13T21:30' } });
    time.onChange({ target: { value: '2027-03-13T21:30:15' } });
    expect(written).toEqual(['2027-03-13T21:30:00-06:00', '2027-03-13T21:30:15-06:00']);
  });

  it('rewrites the offset when another is chosen, the time unchanged', () => {
    const { offset, written } = draw('2027-03-13T20:00:00-06:00');
    offset.onChange({ target: { value: '-05:00' } });
    offset.onChange({ target: { value: 'Z' } });
    expect(written).toEqual(['2027-03-13T20:00:00-05:00', '2027-03-13T20:00:00Z']);
  });

  it('lists an offset outside Mexico\'s when the value has it, and keeps it', () => {
    const { time, offset, offsets, written } = draw('2027-03-13T20:00:00+05:30');
    expect(offset.value).toBe('+05:30');
    expect(offsets).toEqual(['+05:30', '-08:00', '-07:00', '-06:00', '-05:00', 'Z']);
    time.onChange({ target: { value: '2027-03-14T08:00:00' } });
    expect(written).toEqual(['2027-03-14T08:00:00+05:30']);
  });

  it('leaves the field without a value when the time is emptied', () => {
    const { time, written } = draw('2027-03-13T20:00:00-06:00');
    time.onChange({ target: { value: '' } });
    expect(written).toEqual([undefined]);
  });

  it('starts an empty field at central Mexico\'s offset', () => {
    const { time, offset, written } = draw(undefined);
    expect([time.value, offset.value]).toEqual(['', '-06:00']);
    time.onChange({ target: { value: '2027-03-13T20:00' } });
    expect(written).toEqual(['2027-03-13T20:00:00-06:00']);
  });
});
