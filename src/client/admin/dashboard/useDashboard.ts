import { useEffect, useState } from 'react';
import type { DashboardGranularity, DashboardResponse } from '../../../shared/api';
import { failureMessage } from '../failureMessage';
import { useAdmin } from '../useAdmin';

const base = (url: string) => `/api/admin/events/${encodeURIComponent(url)}/dashboard`;

/**
 * An event's dashboard figures, kept live: read once, then replaced by each `snapshot` of the server-sent stream
 * (a snapshot bucketed otherwise than the chosen granularity only says a figure changed: the figures are read again).
 * The stream closes when the page leaves or the event changes.
 */
export function useDashboard(url: string | undefined, granularity: DashboardGranularity | undefined) {
  const { api } = useAdmin();
  const [figures, setFigures] = useState<DashboardResponse>();
  const [live, setLive] = useState(false);
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (!url) return undefined;
    let current = true;
    const load = () =>
      api
        .request<DashboardResponse>('GET', granularity ? `${base(url)}?granularity=${granularity}` : base(url))
        .then((answer) => current && (setFigures(answer), setError(undefined)))
        .catch((failure: unknown) => current && setError(failureMessage(failure)));
    void load();
    const stream = new EventSource(`${base(url)}/stream`);
    stream.addEventListener('open', () => setLive(true));
    stream.addEventListener('error', () => setLive(false));
    stream.addEventListener('snapshot', (message) => {
      const snapshot = JSON.parse((message as MessageEvent<string>).data) as DashboardResponse;
      if (!granularity || snapshot.granularity === granularity) setFigures(snapshot);
      else void load();
    });
    return () => {
      current = false;
      stream.close();
      setLive(false);
    };
  }, [api, url, granularity]);
  return { figures, live, error };
}
