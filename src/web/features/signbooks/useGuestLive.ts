/**
 * A guest signatory has no session, hence no app push client: its page opens its own socket with the
 * signing link's token (`auth: { guestToken }`), which the server lets into that signbook's room only,
 * and re-reads its view on every `signbook.updated`. `live` says whether the socket is up (the page
 * falls back to asking again while sealing when it is not).
 */
import { useEffect, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { type ClientToServerEvents, type ServerToClientEvents, SOCKET_PATH } from '../../../contract/socket.ts';

export const useGuestLive = (token?: string): { version: number; live: boolean } => {
  const [version, setVersion] = useState(0);
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!token) return;
    let socket: Socket<ServerToClientEvents, ClientToServerEvents> | null = null;
    let stopped = false;
    void import('socket.io-client').then(({ io }) => {
      if (stopped) return;
      socket = io({ path: SOCKET_PATH, auth: { guestToken: token } });
      socket.on('connect', () => {
        setLive(true);
        setVersion((n) => n + 1); // re-read: something may have changed while disconnected
      });
      socket.on('disconnect', () => setLive(false));
      socket.on('signbook.updated', () => setVersion((n) => n + 1));
    });
    return () => {
      stopped = true;
      socket?.disconnect();
      setLive(false);
    };
  }, [token]);
  return { version, live };
};
