import { createHmac, randomUUID } from 'node:crypto';
import type { CreateCheckinDeviceResponse } from '../../shared/api';
import { createCheckinDevice, deviceTokenHash, scannerUrl } from '../checkin/devices';
import type { AppContext } from '../context';
import { findEventByUrl } from '../repositories/event.repository';
import { listCheckinDevices, setDeviceTokenHash } from '../repositories/checkin-device.repository';

const DEMO_EVENT_URL = 'demo';
const DEMO_DOOR = { list: 'all', name: 'Puerta demo' };
/** The demo door's device ids start with this; any other device of the demo event is an operator's. */
const DEMO_DOOR_ID_PREFIX = 'demo-door-';

/** The demo door's token: an HMAC of its device id under SIGNING_SECRET, so only its SHA-256 is stored, as for any device. */
function demoDoorToken(signingSecret: string, deviceId: string): string {
  return createHmac('sha256', signingSecret).update(`checkin demo door ${deviceId}`).digest('base64url');
}

/**
 * The demo event's door scanner (list `all`, "Puerta demo") whose link `npm start` prints: paired on the first
 * start, the same device on every later one. Its token is derived from SIGNING_SECRET, so the link stays the
 * same while the secret does; under a new secret (unset, it is random per process) the same device gets the new
 * token and the old link opens nothing. Once an operator revokes it, a new device is paired (the revoked link
 * stays dead). Undefined when the database has no demo event.
 */
export async function ensureDemoDoor(ctx: AppContext, origin: string): Promise<CreateCheckinDeviceResponse | undefined> {
  const event = await findEventByUrl(ctx.db.kysely, DEMO_EVENT_URL);
  if (!event) return undefined;
  const kept = (await listCheckinDevices(ctx.db.kysely, event.id)).filter((d) => d.id.startsWith(DEMO_DOOR_ID_PREFIX) && !d.revoked_at).at(-1);
  if (!kept) {
    const id = `${DEMO_DOOR_ID_PREFIX}${randomUUID()}`;
    return createCheckinDevice(ctx, DEMO_EVENT_URL, DEMO_DOOR, origin, { id, token: demoDoorToken(ctx.config.signingSecret, id) });
  }
  const token = demoDoorToken(ctx.config.signingSecret, kept.id);
  if (kept.token_hash !== deviceTokenHash(token)) await setDeviceTokenHash(ctx.db.kysely, kept.id, deviceTokenHash(token));
  return { device_id: kept.id, token, url: scannerUrl(origin, token) };
}
