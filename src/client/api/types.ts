/**
 * Shapes of the checkout API as the storefront reads them: the contract itself lives in
 * src/shared/api (one definition for server and storefront); these are the storefront's
 * names for it. Money fields are pesos (the API edge); the stores convert to centavos where
 * they compute, and the wire's Spanish spellings stop at the stores' mapping.
 */
import type {
  AppConfigResponse,
  OrderAmounts,
  PublicEventConfig,
  PublicEventInfo,
  PublicEventResponse,
  PublicProduct,
  PublicTicketType,
} from '../../shared/api';

export type {
  AddInfoRequest,
  AddInfoResponse,
  ApiErrorBody,
  ApiFieldError,
  BuyerInfo,
  NewPurchaseRequest,
  NewPurchaseResponse,
  ProductLineRequest,
  PurchaseProductLine,
  PurchaseReload,
  PurchaseStatusResponse,
  PurchaseTicketLine,
  ReleaseSeatsResponse,
  SeatsRequest,
  TicketLineRequest,
  UpdateProductsResponse,
  VerifyDiscountRequest,
  VerifyDiscountResponse,
} from '../../shared/api';
export type { HtmlBlock, ProductImage, ProductOption } from '../../shared/event-file/event-file.types';

/** `GET /api/config` */
export type AppConfig = AppConfigResponse;
/** The operator's event configuration; only the fields the storefront reads are typed. */
export type EventConfig = PublicEventConfig;
export type EventInfo = PublicEventInfo;
export type TicketType = PublicTicketType;
export type Product = PublicProduct;
/** `GET /api/event/{url}` */
export type EventResponse = PublicEventResponse;
/** The five amount fields of a priced answer (pesos). */
export type PurchaseAmounts = OrderAmounts;
