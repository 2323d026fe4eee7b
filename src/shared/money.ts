/**
 * Money helpers. Amounts live as integer centavos everywhere inside the app;
 * pesos (decimal numbers) appear only at the edges: API fields, display, and
 * provider adapters that want decimals. Keeping centavos as integers means sums
 * are exact and the storefront and the server can never disagree by a float bit.
 */

const DEFAULT_CURRENCY = 'MXN';
const DEFAULT_LOCALE = 'es-MX';

// Beyond this, `toPrecision(15)` would start cutting integer digits, and doubles are
// too coarse for sub-centavo noise to matter anyway (1e15 centavos = 10 trillion pesos).
const NOISE_CLEANUP_LIMIT = 1e15;

/** Rounds a fractional centavo amount to an integer, half away from zero, ignoring float noise. */
export function roundCents(value: number): number {
  if (!Number.isFinite(value)) {
    throw new RangeError(`Expected a finite amount, got ${String(value)}`);
  }
  // Whole amounts (most calls: centavos already rounded) skip the string round trip below.
  if (Number.isInteger(value)) return value === 0 ? 0 : value;
  const magnitude = Math.abs(value);
  // 15 significant digits strip binary noise such as 100.49999999999999 (1.005 × 100)
  // or 999.9000000000001 (0.1 × 9999), so a true half is seen as a half.
  const cleaned = magnitude < NOISE_CLEANUP_LIMIT ? Number(magnitude.toPrecision(15)) : magnitude;
  const rounded = Math.sign(value) * Math.round(cleaned);
  // Never hand out -0: Object.is-based comparisons (and JSON round trips) treat it oddly.
  return rounded === 0 ? 0 : rounded;
}

/** Converts pesos to integer centavos, rounding to the nearest centavo (half away from zero). */
export function pesosToCents(pesos: number): number {
  if (typeof pesos !== 'number' || !Number.isFinite(pesos)) {
    throw new RangeError(`pesosToCents expects a finite number of pesos, got ${String(pesos)}`);
  }
  return roundCents(pesos * 100);
}

/** Converts integer centavos to pesos, a number with at most 2 decimals. */
export function centsToPesos(cents: number): number {
  if (typeof cents !== 'number' || !Number.isFinite(cents)) {
    throw new RangeError(`centsToPesos expects a finite number of centavos, got ${String(cents)}`);
  }
  // IEEE division is correctly rounded, so integer / 100 is exactly the double that the
  // literal "123.45" parses to: no extra toFixed dance needed once the input is whole.
  const pesos = roundCents(cents) / 100;
  return pesos === 0 ? 0 : pesos;
}

// Building an Intl.NumberFormat is far slower than using one, and the order summary
// formats many amounts on every render.
const formatterCache = new Map<string, Intl.NumberFormat>();

function buildFormatter(locale: string, currency: string): Intl.NumberFormat {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    // Prices always show 2 decimals, regardless of the currency's own minor unit.
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}

function formatterFor(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  const cached = formatterCache.get(key);
  if (cached) return cached;
  let formatter: Intl.NumberFormat;
  try {
    formatter = buildFormatter(locale, currency);
  } catch {
    // The currency comes from an operator-written event config; a typo there must
    // not blank the checkout, so show pesos (the product is Mexico-first).
    try {
      formatter = buildFormatter(locale, DEFAULT_CURRENCY);
    } catch {
      formatter = buildFormatter(DEFAULT_LOCALE, DEFAULT_CURRENCY);
    }
  }
  formatterCache.set(key, formatter);
  return formatter;
}

/**
 * Pesos in es-MX ("$1,234.50", "-$350.00"), written as Intl writes them but without Intl: the
 * first `Intl.NumberFormat` of a page loads ICU's number data, 20–250 ms of one task on a fast
 * machine (more on a phone), and the storefront's ticket rows are the first to format a price.
 */
function formatPesosEsMx(cents: number): string {
  const whole = Math.abs(roundCents(cents));
  const units = Math.floor(whole / 100);
  const centavos = String(whole % 100).padStart(2, '0');
  const grouped = String(units).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole > 0 && cents < 0 ? '-' : ''}$${grouped}.${centavos}`;
}

/** Formats centavos as a currency string with exactly 2 decimals ("$350.00" for 35000 in es-MX MXN). */
export function formatMoney(cents: number, currency: string = DEFAULT_CURRENCY, locale: string = DEFAULT_LOCALE): string {
  // Beyond 10 trillion pesos a double no longer holds every centavo: Intl rounds those its own way.
  if (locale === DEFAULT_LOCALE && currency === DEFAULT_CURRENCY && Math.abs(cents) < NOISE_CLEANUP_LIMIT) return formatPesosEsMx(cents);
  return formatterFor(locale, currency).format(centsToPesos(cents));
}

/** Returns `percent` % of an amount in centavos (10 means 10 %), rounded half away from zero. */
export function percentOf(cents: number, percent: number): number {
  if (!Number.isFinite(cents) || !Number.isFinite(percent)) {
    throw new RangeError(`percentOf expects finite numbers, got ${String(cents)} and ${String(percent)}`);
  }
  return roundCents((cents * percent) / 100);
}
