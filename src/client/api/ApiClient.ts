import type { OrderFormAnswers } from '../../shared/attendee-form/attendee-form.types';
import type {
  AddInfoResponse,
  AppConfig,
  EventResponse,
  NewPurchaseRequest,
  NewPurchaseResponse,
  ProductLineRequest,
  PurchaseStatusResponse,
  ReleaseSeatsResponse,
  UpdateProductsResponse,
  VerifyDiscountRequest,
  VerifyDiscountResponse,
} from './types';
import type { PaymentApi } from './PaymentApi';

/**
 * Everything the stores ask of the server. The browser implementation is
 * `createHttpApiClient`; unit tests pass a plain object with the same methods.
 * Every method rejects with an `ApiError` on a 4xx/5xx answer. The payment and
 * emission calls are declared in `PaymentApi`.
 */
export interface ApiClient extends PaymentApi {
  getConfig(): Promise<AppConfig>;
  /** `ticket` and `access` come from a hidden type's link; only the access code unlocks it. */
  getEvent(url: string, ticket?: string | null, access?: string | null): Promise<EventResponse>;
  newPurchase(body: NewPurchaseRequest): Promise<NewPurchaseResponse>;
  verifyDiscount(body: VerifyDiscountRequest): Promise<VerifyDiscountResponse>;
  updateProducts(purchaseId: string, productos: ProductLineRequest[]): Promise<UpdateProductsResponse>;
  getPurchase(purchaseId: string): Promise<PurchaseStatusResponse>;
  /** A seated event's buyer starts over: the held purchase ends and its places are released. */
  releaseSeats(purchaseId: string): Promise<ReleaseSeatsResponse>;
  /** The attendee answers of a held purchase; a FORM_INVALID refusal carries `/ticketId/iteration/field` pointers. */
  addInfo(purchaseId: string, form: OrderFormAnswers): Promise<AddInfoResponse>;
}
