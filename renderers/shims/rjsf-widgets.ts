import HiddenWidget from '@rjsf/core/lib/components/widgets/HiddenWidget.js';
import type { RegistryWidgetsType } from '@rjsf/utils';

/**
 * rjsf's default widgets, less those our forms cannot reach (docs/decisions/016-page-weight.md):
 * renderers/registry.ts gives our own TextWidget, EmailWidget, SelectWidget and CheckboxWidget,
 * and no schema or uiSchema of ours names a date, file, radio, range, rating, textarea, colour,
 * password, time, up-down or URL widget. `hidden` stays (the Openpay panel hides fields with it).
 */
export default function widgets(): RegistryWidgetsType {
  return { HiddenWidget } as unknown as RegistryWidgetsType;
}
