import { DEFAULT_TABLE_TOKEN, PRODUCT_NAME } from '@tavola/contract';
import { Link } from 'react-router';

export default function LandingPage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col justify-center gap-6 px-6 py-12">
      <span className="w-fit rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800">
        Live customer demo
      </span>
      <h1 className="text-4xl font-black tracking-tight sm:text-5xl">
        {PRODUCT_NAME}: ordering and point of sale for restaurants
      </h1>
      <p className="text-lg text-stone-700">
        Guests order from a QR code at the table; the kitchen, the bar and the waiters see it live.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link
          to="/login"
          className="inline-flex min-h-12 items-center rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
        >
          Staff Demo Login
        </Link>
        <Link
          to={`/order?token=${DEFAULT_TABLE_TOKEN}`}
          className="inline-flex min-h-12 items-center rounded-lg border border-stone-300 bg-white px-6 font-semibold hover:bg-stone-100"
        >
          Try Customer Demo
        </Link>
      </div>
    </main>
  );
}
