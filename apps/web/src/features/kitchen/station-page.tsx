import { ComingSoon, StaffShell } from '../../components/staff-shell';

/** One screen for both stations: the kitchen shows food tickets, the bar drink tickets. */
export function StationPage({ station }: { station: 'kitchen' | 'bar' }) {
  return (
    <StaffShell title={station === 'kitchen' ? 'Kitchen Display' : 'Bar Display'}>
      <ComingSoon
        what={station === 'kitchen' ? 'The kitchen ticket rail' : 'The bar ticket rail'}
      />
    </StaffShell>
  );
}
