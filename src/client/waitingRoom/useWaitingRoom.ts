import { useEffect, useState } from 'react';
import type { WaitingRoomStatusResponse } from '../../shared/api';
import type { BotCheck } from '../stores/ports';
import { dropPass, joinRoom, keepPass, readRoomStatus, roomStreamUrl, storedPass } from './waitingRoomApi';

export type RoomPhase = { kind: 'checking' } | { kind: 'waiting'; status: WaitingRoomStatusResponse } | { kind: 'admitted' } | { kind: 'failed' };

/**
 * Where this browser stands in the event's waiting room, kept up to date: a kept pass admits at
 * once; otherwise the room is read (and joined when the browser has no place), then its stream
 * (server-sent events, at most one message per 10 s) moves the place. When the page comes back to
 * view (a phone that slept) the place is read again and the stream reopened. `enabled`: the event has a room.
 */
export function useWaitingRoom(url: string | null, enabled: boolean, botCheck: BotCheck): RoomPhase {
  const [phase, setPhase] = useState<RoomPhase>(() => (!enabled || !url ? { kind: 'admitted' } : storedPass(url) ? { kind: 'admitted' } : { kind: 'checking' }));

  useEffect(() => {
    if (!enabled || !url || storedPass(url)) return;
    let stream: EventSource | null = null;
    let stopped = false;

    const settle = (status: WaitingRoomStatusResponse): boolean => {
      if (status.estado === 'sin_sala' || status.estado === 'admitido') {
        if (status.estado === 'admitido') keepPass(url, status);
        stream?.close();
        setPhase({ kind: 'admitted' });
        return true;
      }
      setPhase({ kind: 'waiting', status });
      return false;
    };

    const listen = () => {
      stream?.close();
      stream = new EventSource(roomStreamUrl(url));
      stream.addEventListener('status', (message) => {
        const status = JSON.parse((message as MessageEvent<string>).data) as WaitingRoomStatusResponse;
        // An expired or lost place: read (and join) again instead of reconnecting.
        if (status.estado === 'vencido' || status.estado === 'fuera') void refresh();
        else settle(status);
      });
    };

    async function refresh(): Promise<void> {
      try {
        let status = await readRoomStatus(url!);
        if (status.estado === 'fuera' || status.estado === 'vencido') {
          dropPass(url!);
          status = await joinRoom(url!, await botCheck.getToken('waiting_room'));
        }
        if (!stopped && !settle(status)) listen();
      } catch {
        if (!stopped) setPhase({ kind: 'failed' });
      }
    }

    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    void refresh();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      stream?.close();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [url, enabled, botCheck]);

  return phase;
}
