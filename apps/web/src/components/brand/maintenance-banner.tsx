import { PLATFORM_MAINTENANCE_FOR_STAFF } from '@tavola/contract';
import { usePublicPlatform } from './platform-status';

/** On every staff screen while the platform is in maintenance. */
export function MaintenanceBanner() {
  const { data } = usePublicPlatform();
  if (!data?.maintenanceMode) return null;
  return (
    <div
      role="alert"
      className="border-b border-blue-300 bg-blue-50 px-4 py-2 text-sm text-blue-950"
    >
      <p className="mx-auto max-w-7xl">{PLATFORM_MAINTENANCE_FOR_STAFF}</p>
    </div>
  );
}
