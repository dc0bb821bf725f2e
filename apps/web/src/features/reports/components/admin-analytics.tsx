import AnalyticsTab from './analytics-tab';
import { StaffPerformance } from './staff-performance';

/**
 * The admin's Analytics tab: the manager's analytics as they are, then staff
 * performance. Loaded when the tab is opened (the charts are heavy).
 */
export default function AdminAnalytics() {
  return (
    <div className="space-y-8">
      <AnalyticsTab />
      <StaffPerformance />
    </div>
  );
}
