import { Link, useLocation } from 'react-router';
import { useSession } from '@/lib/auth';
import { t } from '../shell-messages';
import { useRestaurantPlan } from './restaurant-plan';

/**
 * On every staff screen of a restaurant whose free trial has ended: guests
 * cannot order until a plan is chosen. The admin is sent to the Plan card; everyone else is told
 * who can choose.
 */
export function TrialEndedBanner() {
  const session = useSession();
  const location = useLocation();
  const restaurantAccount = Boolean(session?.user.restaurant_id);
  const { data } = useRestaurantPlan({ enabled: restaurantAccount });
  if (!restaurantAccount || !data?.trialEnded) return null;
  const admin = session?.user.role === 'admin';
  return (
    <div
      role="alert"
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1">
        <p className="flex-1">
          <strong>{t('trialEnded')}</strong>
          {t('trialEndedGuests')}
          {!admin && t('askAdministrator')}
        </p>
        {admin && location.pathname !== '/admin' && (
          <Link to="/admin" className="font-semibold underline">
            {t('choosePlan')}
          </Link>
        )}
      </div>
    </div>
  );
}
