import { cn } from '@/lib/cn';
import { SCREEN_ALTS, type ScreenName } from '../content';
import analyticsImg from '../screens/analytics.webp';
import barImg from '../screens/bar.webp';
import customerImg from '../screens/customer.webp';
import kitchenImg from '../screens/kitchen.webp';
import managerImg from '../screens/manager.webp';
import qrScanImg from '../screens/qr-scan.webp';
import sizes from '../screens/sizes.json';
import waiterImg from '../screens/waiter.webp';

const SOURCES: Record<ScreenName, string> = {
  qrScan: qrScanImg,
  customer: customerImg,
  waiter: waiterImg,
  kitchen: kitchenImg,
  bar: barImg,
  manager: managerImg,
  analytics: analyticsImg,
};

/** A product screenshot, sized up front so the page never shifts as it loads. */
export function Screen({
  name,
  eager = false,
  className,
}: {
  name: ScreenName;
  eager?: boolean;
  className?: string;
}) {
  return (
    <img
      src={SOURCES[name]}
      alt={SCREEN_ALTS[name]}
      width={sizes[name].width}
      height={sizes[name].height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      className={cn('h-auto w-full rounded-xl border border-stone-200 shadow-lg', className)}
    />
  );
}
