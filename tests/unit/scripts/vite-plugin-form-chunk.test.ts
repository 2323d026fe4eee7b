import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORM_MODULES, PAYMENT_ONLY, WIDGET_PARTS } from '../../../scripts/vite-plugin-form-chunk.js';
import { repo } from './files';

/**
 * scripts/vite-plugin-form-chunk.js picks the form chunk's modules by path. The build fails when a
 * page that must not load the chunk would, but a path that no longer exists after an upgrade (a MUI
 * part moved or renamed) only lets that part fall out of the chunk, silently. Every file each
 * pattern is meant for is listed here: it must exist and be matched, and every pattern must match one.
 */
const WIDGET_PART_FILES = [
  'node_modules/@mui/material/Checkbox/Checkbox.mjs',
  'node_modules/@mui/material/NativeSelect/NativeSelect.mjs',
  'node_modules/@mui/material/Input/Input.mjs',
  'node_modules/@mui/material/FormControlLabel/FormControlLabel.mjs',
  'node_modules/@mui/material/internal/SwitchBase.mjs',
  'node_modules/@mui/material/internal/switchBaseClasses.mjs',
  'node_modules/@mui/material/internal/svg-icons/CheckBox.mjs',
  'node_modules/@mui/material/internal/svg-icons/CheckBoxOutlineBlank.mjs',
  'node_modules/@mui/material/internal/svg-icons/IndeterminateCheckBox.mjs',
  'node_modules/@mui/material/internal/svg-icons/ArrowDropDown.mjs',
  'node_modules/@mui/material/utils/mergeSlotProps.mjs',
  'node_modules/@mui/material/utils/useControlled.mjs',
  'node_modules/@mui/utils/useControlled/useControlled.mjs',
  'node_modules/@mui/material/InputAdornment/inputAdornmentClasses.mjs',
];
const FORM_MODULE_FILES = [
  'renderers/index.ts',
  'node_modules/@rjsf/core/lib/index.js',
  'node_modules/@rjsf/utils/lib/index.js',
  'src/shared/attendee-form/index.ts',
  'src/shared/api/attendee-module.ts',
  'locales/es/forms.json',
  'locales/en/forms.json',
  'src/client/forms/attendee/TermsLine.tsx',
  'src/client/forms/attendee/AttendeeBlockForm.tsx',
  'src/client/forms/attendee/attendeeModule.ts',
  'src/client/i18n/TaggedText.tsx',
];
const PAYMENT_ONLY_FILES = ['renderers/paymentWidgets.ts', ...['CardExpiry', 'CardNumber', 'Cvv', 'SecureField'].map((name) => `renderers/widgets/${name}/`)];

describe('form-chunk: the paths it groups are still there', () => {
  it.each([
    ['WIDGET_PARTS', WIDGET_PARTS, WIDGET_PART_FILES],
    ['FORM_MODULES', FORM_MODULES, FORM_MODULE_FILES],
    ['PAYMENT_ONLY', [PAYMENT_ONLY], PAYMENT_ONLY_FILES],
  ] as const)('%s: every file it is meant for exists and is matched; every pattern matches one', (_name, patterns, files) => {
    for (const file of files) {
      const path = join(repo, file);
      expect(existsSync(path), file).toBe(true);
      expect(patterns.some((pattern) => pattern.test(path)), file).toBe(true);
    }
    for (const pattern of patterns) expect(files.some((file) => pattern.test(join(repo, file))), String(pattern)).toBe(true);
  });
});
