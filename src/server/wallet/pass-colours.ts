import type { PassColors } from '../../shared/event-file/event-file.types';
import type { PassColours } from './ticket-pass';

/**
 * The storefront theme's colours (primary blue, white text, a pale blue for labels): a pass of
 * an event file without `pass_colors` looks like the storefront it was bought in.
 */
export const DEFAULT_PASS_COLORS: Required<PassColors> = { background: '#1f4fbf', foreground: '#ffffff', label: '#dce6ff' };

/** `#rrggbb` → `rgb(r, g, b)`, the form both wallets accept. The event file's schema guarantees the hex form. */
export function hexToRgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
}

/** The event's pass colours, each missing one taken from the theme. */
export function passColours(colors: PassColors): PassColours {
  const pick = (key: keyof PassColors) => hexToRgb(colors[key] ?? DEFAULT_PASS_COLORS[key]);
  return { background: pick('background'), foreground: pick('foreground'), label: pick('label') };
}
