import { Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { EventLayout } from './layout/EventLayout';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteErrorBoundary } from './pages/RouteErrorBoundary';
import { AdminApp, CheckinPage, FormPage, OfferPage, OrderPage, PaymentLoaderPage, PaymentMethodPage, PaymentStatusPage, PreviewPage, ProductsPage, WaitingListConfirmPage } from './pages/lazyPages';
import { TicketsPage } from './pages/TicketsPage';

// One loader page per provider segment (docs/product-rules.md, *Loader pages*); one data-driven page serves them all (payments/loader).
const LOADER_SEGMENTS = ['mp', 'mp-supertoken', 'open-pay', 'paypal', 'fintoc', 'stripe', 'free'];

/**
 * The storefront's routes under /{url} (docs/product-rules.md, *Storefront routes*). Declarative routes (not the data router) keep
 * react-router at about half its size in the first-visit bundle; the step order
 * itself lives in flow/checkoutFlow.ts, not here.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Routes>
        <Route index element={<NotFoundPage />} />
        <Route
          path="admin/preview"
          element={
            <Suspense fallback={null}>
              <PreviewPage />
            </Suspense>
          }
        />
        <Route
          path="admin/*"
          element={
            <Suspense fallback={null}>
              <AdminApp />
            </Suspense>
          }
        />
        <Route
          path="checkin"
          element={
            <Suspense fallback={null}>
              <CheckinPage />
            </Suspense>
          }
        />
        {/* The buyer's order page: after the sale, outside the checkout's layout (no step bar, no order summary). */}
        <Route
          path=":url/order"
          element={
            <Suspense fallback={null}>
              <OrderPage />
            </Suspense>
          }
        />
        <Route
          path=":url/waiting-list"
          element={
            <Suspense fallback={null}>
              <WaitingListConfirmPage />
            </Suspense>
          }
        />
        <Route path=":url" element={<EventLayout />}>
          <Route index element={<TicketsPage />} />
          <Route path="productos" element={<ProductsPage />} />
          <Route path="form" element={<FormPage />} />
          <Route path="payment-method" element={<PaymentMethodPage />} />
          <Route path="payment-status" element={<PaymentStatusPage />} />
          <Route path="offer" element={<OfferPage />} />
          {LOADER_SEGMENTS.map((segment) => (
            <Route key={segment} path={`${segment}/loader`} element={<PaymentLoaderPage segment={segment} />} />
          ))}
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </RouteErrorBoundary>
  );
}
