import { tablesRoutes } from '@tavola/contract/refs';
import { call } from '@/lib/api-client';
import { useFloorMutation } from './floor-mutation';

/** Seats a party at a free table: its bill opens, and the table is the waiter's. */
export const seatTable = ({ tableId, guests }: { tableId: string; guests: number }) =>
  call(tablesRoutes.seatTable, { params: { id: tableId }, body: { guests } });

export const useSeatTable = () => useFloorMutation(seatTable);
