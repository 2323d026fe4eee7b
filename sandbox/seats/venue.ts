import venueFile from './venue.json';

/** The object kinds seats.io sells (a table's chairs are Seats whose parent is the table). */
export type SeatObjectType = 'Seat' | 'Booth' | 'GeneralAdmissionArea' | 'Table';

/** One place of the sandbox venue as its chart draws it and its API sells it. */
export interface VenueObject {
  label: string;
  objectType: SeatObjectType;
  /** The category key: the id (as text) of the event file's ticket type it sells. */
  categoryKey: string;
  /** 1 for a seat or booth; a general-admission area's number of places. */
  capacity: number;
  /** Row or table label (seats only). */
  parent: string | null;
  /** Where the chart draws it (SVG user units; areas and booths also have a size). */
  x: number;
  y: number;
  width?: number;
  height?: number;
}

export interface VenueCategory {
  key: string;
  label: string;
  color: string;
}

export interface Venue {
  name: string;
  categories: VenueCategory[];
  objects: VenueObject[];
  /** A table's outline, drawn behind its chairs (not sold itself: its chairs are). */
  tables: { label: string; x: number; y: number; r: number }[];
  width: number;
  height: number;
}

const SEAT_GAP = 34;

/**
 * The sandbox venue, expanded from `sandbox-venue.json` (rows of seats, a table with chairs, a
 * booth, a general-admission area) into the objects both the sandbox seats API and its chart use,
 * so the two always agree on labels, categories and capacities.
 */
function expandVenue(): Venue {
  const objects: VenueObject[] = [];
  let y = 60;
  for (const row of venueFile.rows) {
    for (let n = 1; n <= row.seats; n++) {
      objects.push({ label: `${row.label}-${n}`, objectType: 'Seat', categoryKey: row.category, capacity: 1, parent: row.label, x: 60 + (n - 1) * SEAT_GAP, y });
    }
    y += SEAT_GAP;
  }
  const tables: Venue['tables'] = [];
  const tableY = y + 70;
  venueFile.tables.forEach((table, index) => {
    const cx = 120 + index * 180;
    tables.push({ label: table.label, x: cx, y: tableY, r: 32 });
    for (let n = 1; n <= table.chairs; n++) {
      const angle = (2 * Math.PI * (n - 1)) / table.chairs - Math.PI / 2;
      objects.push({
        label: `${table.label}-${n}`, objectType: 'Seat', categoryKey: table.category, capacity: 1, parent: table.label,
        x: Math.round(cx + 54 * Math.cos(angle)), y: Math.round(tableY + 54 * Math.sin(angle)),
      });
    }
  });
  venueFile.booths.forEach((booth, index) => {
    objects.push({ label: booth.label, objectType: 'Booth', categoryKey: booth.category, capacity: 1, parent: null, x: 250 + index * 90, y: tableY - 30, width: 80, height: 60 });
  });
  const areaY = tableY + 110;
  venueFile.areas.forEach((area, index) => {
    objects.push({ label: area.label, objectType: 'GeneralAdmissionArea', categoryKey: area.category, capacity: area.capacity, parent: null, x: 40 + index * 200, y: areaY, width: 340, height: 70 });
  });
  return { name: venueFile.name, categories: venueFile.categories, objects, tables, width: 420, height: areaY + 100 };
}

export const sandboxVenue: Venue = expandVenue();

const byLabel = new Map(sandboxVenue.objects.map((o) => [o.label, o]));

/** The sandbox venue's object with this label, or undefined. */
export function venueObject(label: string): VenueObject | undefined {
  return byLabel.get(label);
}
