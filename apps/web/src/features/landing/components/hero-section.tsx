import { QrCode } from 'lucide-react';
import { Link } from 'react-router';
import {
  CUSTOMER_DEMO,
  CUSTOMER_DEMO_HREF,
  FREE_TRIAL,
  HERO_BADGE,
  HERO_STATS,
  HERO_TITLE,
  heroLead,
  SIGNUP_HREF,
  STAFF_DEMO,
  STAFF_LOGIN_HREF,
} from '../content';
import { Screen } from './screen';

export function HeroSection({ brandName }: { brandName: string }) {
  return (
    <section className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 md:grid-cols-2 md:py-20">
      <div className="space-y-6">
        <span className="inline-flex items-center gap-2 rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800">
          <span className="size-2 rounded-full bg-green-600" aria-hidden /> {HERO_BADGE}
        </span>
        <h1 className="text-4xl leading-tight font-black tracking-tight sm:text-5xl">
          {HERO_TITLE}
        </h1>
        <p className="text-lg text-stone-700">{heroLead(brandName)}</p>
        <div className="flex flex-wrap gap-3">
          <Link
            to={STAFF_LOGIN_HREF}
            className="inline-flex min-h-12 items-center rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
          >
            {STAFF_DEMO}
          </Link>
          <Link
            to={CUSTOMER_DEMO_HREF}
            className="inline-flex min-h-12 items-center gap-2 rounded-lg border border-stone-300 bg-white px-6 font-semibold hover:bg-stone-100"
          >
            <QrCode aria-hidden className="size-5" /> {CUSTOMER_DEMO}
          </Link>
          <Link
            to={SIGNUP_HREF}
            className="inline-flex min-h-12 items-center rounded-lg border border-brand-700 bg-white px-6 font-semibold text-brand-800 hover:bg-brand-50"
          >
            {FREE_TRIAL}
          </Link>
        </div>
        <dl className="grid grid-cols-3 gap-3">
          {HERO_STATS.map(([label, value]) => (
            <div key={label} className="min-w-0 rounded-xl bg-white p-3 shadow-sm">
              <dt className="text-xs text-stone-600">{label}</dt>
              <dd className="text-xl font-black sm:text-2xl">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="relative">
        <Screen name="kitchen" eager />
        <div className="absolute -bottom-6 -left-4 w-32 sm:w-40">
          <Screen name="customer" eager className="shadow-2xl" />
        </div>
      </div>
    </section>
  );
}
