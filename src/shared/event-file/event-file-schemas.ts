import attendeeFieldSchema from '../../../schemas/event/attendee-field.schema.json';
import discountCodeSchema from '../../../schemas/event/discount-code.schema.json';
import eventConfigSchema from '../../../schemas/event/event-config.schema.json';
import eventFileSchema from '../../../schemas/event/event-file.schema.json';
import productSchema from '../../../schemas/event/product.schema.json';
import ticketTypeSchema from '../../../schemas/event/ticket-type.schema.json';

/** `$id` of the root schema of an event file. */
export const EVENT_FILE_SCHEMA_ID = eventFileSchema.$id;

/** Every schema of schemas/event, to `addSchema` into one Ajv (they reference each other by `$id`). */
export const EVENT_FILE_SCHEMAS = [
  eventFileSchema,
  eventConfigSchema,
  ticketTypeSchema,
  productSchema,
  discountCodeSchema,
  attendeeFieldSchema,
] as const;
