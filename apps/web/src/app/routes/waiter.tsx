import { hasPermission, type FloorTable } from '@tavola/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { StaffShell } from '@/components/staff-shell';
import { Alert } from '@/components/ui/alert';
import { floorKey, useFloor } from '@/features/floor/api/get-floor';
import { FloorBoard } from '@/features/floor/components/floor-board';
import { TabOrder, TableOrder } from '@/features/pos/components/place-orders';
import { QuickRound } from '@/features/pos/components/quick-round';
import { TabsBoard } from '@/features/pos/components/tabs-board';
import { t } from '@/features/pos/messages';
import { t as app } from '../messages';
import { useSession } from '@/lib/auth';

/** A table's order screen, over the floor's live data for that table. */
function TableOrderRoute() {
  const { tableId } = useParams();
  const queryClient = useQueryClient();
  const floor = useFloor();
  const onSent = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: floorKey }),
    [queryClient],
  );
  const table = floor.data?.tables.find((t) => t.id === tableId);
  if (table) return <TableOrder table={table} onSent={onSent} />;
  if (floor.isPending) return <div className="min-h-screen" aria-busy="true" />;
  return (
    <StaffShell title={app('waiterTitle')}>
      <Alert tone="error">{floor.isError ? floor.error.message : t('tableNotFound')}</Alert>
    </StaffShell>
  );
}

function TabOrderRoute() {
  const { tabId = '' } = useParams();
  return <TabOrder tabId={tabId} />;
}

/**
 * The waiter's screens: the floor, a table's order screen, and the tabs (bar, counter and
 * takeaway bills) with theirs. Ringing up needs the order-entry permission.
 */
export default function WaiterPage() {
  const canEnter = hasPermission(useSession()?.user.permissions, 'enter_orders');
  const queryClient = useQueryClient();
  const onSent = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: floorKey }),
    [queryClient],
  );
  // A round rung up on a seated table's card: the floor shows it, the order screen's parts make it.
  const quickOrder = useCallback(
    (table: FloorTable) => <QuickRound table={table} onSent={onSent} />,
    [onSent],
  );
  return (
    <Routes>
      <Route
        index
        element={
          <StaffShell title={app('waiterTitle')}>
            <FloorBoard {...(canEnter ? { quickOrder } : {})} />
          </StaffShell>
        }
      />
      {canEnter && (
        <>
          <Route path="tables/:tableId" element={<TableOrderRoute />} />
          <Route
            path="tabs"
            element={
              <StaffShell title={t('tabsTitle')}>
                <TabsBoard />
              </StaffShell>
            }
          />
          <Route path="tabs/:tabId" element={<TabOrderRoute />} />
        </>
      )}
      <Route path="*" element={<Navigate to="/waiter" replace />} />
    </Routes>
  );
}
