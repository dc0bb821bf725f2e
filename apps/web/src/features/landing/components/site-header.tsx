import { ChefHat } from 'lucide-react';
import { Link } from 'react-router';
import { PlatformBrandMark } from '@/components/brand/platform-brand';
import {
  ADMIN_DOOR,
  ADMIN_DOOR_HINT,
  adminDoorTitle,
  NAV,
  PRODUCT_LINK,
  SKIP_LINK,
  STAFF_DOOR,
  STAFF_DOOR_HINT,
  STAFF_DOOR_TITLE,
  STAFF_LOGIN_HREF,
  TEAM_LOGIN_HREF,
} from '../content';

export function SiteHeader({ brandName }: { brandName: string }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:p-2"
      >
        {SKIP_LINK}
      </a>
      <header className="sticky top-0 z-20 border-b border-stone-200 bg-white/95 backdrop-blur">
        <nav
          aria-label="Main"
          className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3"
        >
          <Link
            to="/"
            className="mr-auto flex items-center gap-2 text-xl font-black text-brand-800"
          >
            <PlatformBrandMark fallback={<ChefHat aria-hidden className="size-6" />} />
          </Link>
          <ul className="hidden gap-4 text-sm font-medium text-stone-700 md:flex">
            {NAV.map((n) => (
              <li key={n.label}>
                <a href={n.href} className="hover:text-brand-800">
                  {n.label}
                </a>
              </li>
            ))}
          </ul>
          <div className="flex gap-2">
            <a
              href="#product"
              className="inline-flex min-h-10 items-center rounded-lg px-3 text-sm font-semibold hover:bg-stone-100"
            >
              {PRODUCT_LINK}
            </a>
            <Link
              to={STAFF_LOGIN_HREF}
              title={STAFF_DOOR_TITLE}
              className="inline-flex min-h-10 flex-col justify-center rounded-lg border border-stone-300 px-3 text-sm leading-tight font-semibold hover:bg-stone-100"
            >
              {STAFF_DOOR}
              <span aria-hidden className="text-[11px] font-normal text-stone-600">
                {STAFF_DOOR_HINT}
              </span>
            </Link>
            <Link
              to={TEAM_LOGIN_HREF}
              title={adminDoorTitle(brandName)}
              className="inline-flex min-h-10 flex-col justify-center rounded-lg bg-stone-900 px-3 text-sm leading-tight font-semibold text-white hover:bg-stone-800"
            >
              {ADMIN_DOOR}
              <span aria-hidden className="text-[11px] font-normal text-stone-300">
                {ADMIN_DOOR_HINT}
              </span>
            </Link>
          </div>
        </nav>
      </header>
    </>
  );
}
