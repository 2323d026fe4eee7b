import { SeatsioSeatingChart } from '@seatsio/seatsio-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventConfig } from '../api/types';
import { useStores } from '../StoreContext';
import type { ChartObject } from './SeatSelectionStore';

type Seats = NonNullable<EventConfig['seats']>;

/** The part of the chart object (seats.io's or the sandbox's) this component calls. */
interface RenderedChart {
  holdToken?: string | null;
  listCategories?: () => Promise<{ key: string | number }[]>;
}

/**
 * The seat map of a seated event (its own chunk: unseated events never load it nor the chart
 * script). `@seatsio/seatsio-react` loads the chart script from `chartJsUrl` — seats.io's regional
 * CDN live, this server's sandbox chart otherwise — and renders a chart that starts a session:
 * each place selected is held with the session's hold token, which new-purchase sends along.
 */
const SeatMap = observer(function SeatMap({ seats, chartJsUrl }: { seats: Seats; chartJsUrl: string }) {
  const { i18n } = useTranslation();
  const { event, seats: selection } = useStores();
  const chart = useRef<RenderedChart | null>(null);

  // A fresh map holds nothing yet: lines of an earlier map are dropped.
  useEffect(() => {
    selection.reset();
  }, [selection]);

  const pricing = useMemo(
    () => ({ prices: event.tickets.map((ticket) => ({ category: String(ticket.id), price: Number(ticket.price) })), priceFormatter: (price: number) => `$${price}` }),
    [event.tickets],
  );

  const tokenOf = () => chart.current?.holdToken ?? null;

  return (
    <SeatsioSeatingChart
      chartJsUrl={chartJsUrl}
      region={seats.region as 'eu'}
      workspaceKey={seats.workspaceKey}
      event={seats.eventKey}
      session="start"
      language={i18n.language === 'en' ? 'en' : 'es'}
      pricing={pricing}
      onRenderStarted={(rendered: unknown) => {
        chart.current = rendered as RenderedChart;
      }}
      onChartRendered={(rendered: unknown) => {
        chart.current = rendered as RenderedChart;
        selection.setHoldToken(tokenOf());
        void chart.current.listCategories?.().then((categories) => selection.setSeatedCategories(categories.map((c) => c.key)));
      }}
      onSessionInitialized={(token) => selection.setHoldToken(token.token)}
      onObjectSelected={(object: unknown) => {
        selection.setHoldToken(tokenOf() ?? selection.holdToken);
        selection.selected(object as ChartObject);
      }}
      onObjectDeselected={(object: unknown) => {
        console.info('Asiento deseleccionado', (object as ChartObject).label);
        selection.deselected(object as ChartObject);
      }}
      onHoldTokenExpired={() => selection.expired()}
    />
  );
});

export default SeatMap;
