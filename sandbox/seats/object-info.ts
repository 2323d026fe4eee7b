import { sandboxVenue } from './venue';
import { statusOf, type ObjectState } from './state';

const categoryLabel = new Map(sandboxVenue.categories.map((c) => [c.key, c.label]));

/**
 * An object as seats.io's REST API describes it (`EventObjectInfo`: what `retrieveObjectInfos`
 * and change-object-status answer): the official client reads `labels`, `ids` and the rest.
 */
export function objectInfoJson(state: ObjectState) {
  const { object } = state;
  const seat = object.objectType === 'Seat';
  const own = seat ? object.label.slice(object.parent!.length + 1) : object.label;
  const parentType = seat && object.parent?.startsWith('T') ? 'table' : 'row';
  const ga = object.objectType === 'GeneralAdmissionArea';
  const status = statusOf(state);
  const tokens = Object.keys(state.holds);
  return {
    label: object.label,
    labels: { own: { label: own, type: seat ? 'seat' : ga ? 'generalAdmission' : 'booth' }, ...(seat ? { parent: { label: object.parent, type: parentType } } : {}) },
    ids: { own, ...(seat ? { parent: object.parent } : {}) },
    status,
    categoryKey: object.categoryKey,
    categoryLabel: categoryLabel.get(object.categoryKey),
    objectType: object.objectType,
    forSale: true,
    isAvailable: state.numFree > 0,
    // A seat or booth names the token that holds it; an area lists its holds per token and ticket type.
    ...(ga
      ? { capacity: object.capacity, numBooked: state.numTaken, numHeld: state.numHeld, numFree: state.numFree, holds: Object.fromEntries(tokens.map((t) => [t, { NO_TICKET_TYPE: state.holds[t] }])) }
      : { ...(tokens[0] ? { holdToken: tokens[0] } : {}), ...(state.orderId ? { orderId: state.orderId } : {}) }),
  };
}
