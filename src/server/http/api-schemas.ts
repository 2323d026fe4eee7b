import addInfo from '../../../schemas/api/add-info.request.json';
import botCheckToken from '../../../schemas/api/bot-check-token.request.json';
import emission from '../../../schemas/api/emission.request.json';
import fintocCreateSession from '../../../schemas/api/fintoc-create-session.request.json';
import freeVerify from '../../../schemas/api/free-verify.request.json';
import mercadopagoCreatePreference from '../../../schemas/api/mercadopago-create-preference.request.json';
import newPurchase from '../../../schemas/api/new-purchase.request.json';
import paymentLoader from '../../../schemas/api/payment-loader.request.json';
import paypalCreateOrder from '../../../schemas/api/paypal-create-order.request.json';
import ticketLine from '../../../schemas/api/ticket-line.json';
import updateProductos from '../../../schemas/api/update-productos.request.json';
import verifyDiscount from '../../../schemas/api/verify-discount.request.json';

/** Every request-body schema under schemas/api, registered with `addSchema` and referenced by `$id` from routes. */
export const apiSchemas: { $id: string }[] = [
  ticketLine, newPurchase, verifyDiscount, updateProductos, addInfo, botCheckToken,
  mercadopagoCreatePreference, paypalCreateOrder, fintocCreateSession, freeVerify, paymentLoader, emission,
];
