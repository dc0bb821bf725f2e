import { Navigate, useParams } from 'react-router';
import { StaffShell } from '@/components/staff-shell';
import { PrinterAlert } from '@/features/printers/components/printer-alert';
import { ReprintPanel } from '@/features/printers/components/reprint-panel';
import { useStations } from '@/features/stations/api/get-stations';
import { StationBoard } from '@/features/tickets/components/station-board';
import { t } from '../messages';

/** An added station's display (grill, pizza…): the kitchen's and the bar's board, for its tickets. */
export default function StationPage() {
  const { slug = '' } = useParams();
  const { data } = useStations();
  // Kitchen and bar keep the spec's own screens.
  if (slug === 'kitchen' || slug === 'bar') return <Navigate to={`/${slug}`} replace />;
  const station = data?.find((s) => s.slug === slug);
  const name = station?.name ?? slug.charAt(0).toUpperCase() + slug.slice(1);
  return (
    <StaffShell title={t('stationTitle', { name })} wide>
      <PrinterAlert station={slug} />
      <StationBoard station={slug} />
      <ReprintPanel station={slug} />
    </StaffShell>
  );
}
