/** The HTTP contract of the checkout API: every route's request and answer, the error body, the attendee module. */
export type * from './admin';
export type * from './admin-dashboard';
export * from './amounts';
export * from './attendee-module';
export * from './calendar';
export type * from './config';
export type * from './emission';
export type * from './errors';
export type * from './event';
export * from './event-preview';
export type * from './health';
export type * from './openpay';
export type * from './payment';
export type * from './purchase';
export type * from './checkin';
export type * from './order';
export type * from './order-changes';
export type * from './invoice';
