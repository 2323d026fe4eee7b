import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { withoutConditions } from '../../../renderers/SchemaForm/withoutConditions';
import { countryChoices } from '../../../renderers/widgets/Country/countryChoices';
import { upperCodeValue } from '../../../renderers/widgets/UpperCode/UpperCode';
import { compileAttendeeFields } from '../../../src/shared/attendee-form';
import { COUNTRY_CODES } from '../../../src/shared/attendee-form/country-codes';
import { messageValues } from '../../../src/shared/attendee-form/message-values';

describe('country choices', () => {
  it('Mexico first, then by name in the language, every code kept', () => {
    for (const [language, mexico, germany] of [['es', 'México', 'Alemania'], ['en', 'Mexico', 'Germany']] as const) {
      const choices = countryChoices(COUNTRY_CODES, language);
      expect(choices).toHaveLength(COUNTRY_CODES.length);
      expect(choices[0]).toEqual({ code: 'MX', name: mexico });
      expect(choices.find((choice) => choice.code === 'DE')?.name).toBe(germany);
      const rest = choices.slice(1).map((choice) => choice.name);
      expect(rest).toEqual([...rest].sort(new Intl.Collator(language).compare));
    }
  });
});

describe('upperCode', () => {
  it('upper-cases and drops spaces and dashes', () => expect(upperCodeValue('hegg 5604-27mvzrrl04')).toBe('HEGG560427MVZRRL04'));
});

describe('withoutConditions', () => {
  const { schema } = compileAttendeeFields([
    { id: 'a', type: 'checkbox', label: 'A' },
    { id: 'b', type: 'text', label: 'B', visible_when: { field: 'a', equals: true }, validation: { pattern: { value: '^x', message: 'x' }, minLength: { value: 2, message: 'm' } } },
  ]);

  it('gives rjsf the schema without if/then/else but with its x-visibleWhen; field allOfs stay', () => {
    const rendered = withoutConditions(schema as RJSFSchema);
    expect(rendered.allOf).toBeUndefined();
    expect(rendered['x-visibleWhen']).toEqual({ b: { field: 'a', in: [true] } });
    expect((rendered.properties?.b as RJSFSchema).allOf).toHaveLength(1);
    const plain = compileAttendeeFields([{ id: 'a', type: 'text', label: 'A' }]).schema as RJSFSchema;
    expect(withoutConditions(plain)).toBe(plain);
  });
});

describe('message values of the new types', () => {
  it('dates spelled in the language, choice counts from the schema', () => {
    expect(messageValues({ earliestDate: '2026-03-14', latestDate: '2026-12-31' }, 'es')).toMatchObject({ minDate: '14 de marzo de 2026', maxDate: '31 de diciembre de 2026' });
    expect(messageValues({ earliestDate: '2026-03-14' }, 'en').minDate).toBe('March 14, 2026');
    expect(messageValues({ maxItems: 3, not: { minItems: 1, maxItems: 1 } })).toMatchObject({ minChoices: 2, maxChoices: 3 });
  });
});
