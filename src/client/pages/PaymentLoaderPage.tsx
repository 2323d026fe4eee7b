import { Navigate, useParams, useSearchParams } from 'react-router';
import { PaymentLoaderView } from '../payments/loader/PaymentLoaderView';
import { loaderDefinition } from '../payments/loader/loaderDefinitions';
import { NotFoundPage } from './NotFoundPage';

/**
 * `/{url}/<segment>/loader`: one data-driven page for the seven providers' loaders
 * (payments/loader/loaderDefinitions.ts). Without its query parameter the buyer goes to `/`.
 */
export default function PaymentLoaderPage({ segment }: { segment: string }) {
  const { url = '' } = useParams();
  const [searchParams] = useSearchParams();
  const definition = loaderDefinition(segment);
  if (!definition) return <NotFoundPage />;
  const queryValue = searchParams.get(definition.queryParam);
  if (!queryValue) return <Navigate to="/" replace />;
  // Keyed by the query: another payment on the same route is another visit.
  return <PaymentLoaderView key={`${segment}:${queryValue}`} definition={definition} queryValue={queryValue} url={url} />;
}
