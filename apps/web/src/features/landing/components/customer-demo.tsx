import { useState } from 'react';
import { Link } from 'react-router';
import {
  ADD,
  addLabel,
  CUSTOMER_DEMO_HREF,
  DEMO_MENU,
  DEMO_MENU_LABEL,
  demoPrice,
  ORDER_FOR_REAL,
  SAMPLE_ORDER_EMPTY,
  sampleOrder,
} from '../content';
import { Screen } from './screen';

/** The sample menu's Add buttons fill a small order here on the page, as the real menu does. */
export function CustomerDemo() {
  const [added, setAdded] = useState<Record<string, number>>({});
  const count = Object.values(added).reduce((n, q) => n + q, 0);
  const total = DEMO_MENU.reduce((sum, [name, cents]) => sum + cents * (added[name] ?? 0), 0);
  return (
    <div className="grid items-center gap-6 md:grid-cols-[200px_220px_1fr]">
      <Screen name="qrScan" className="mx-auto max-w-[200px]" />
      <Screen name="customer" className="mx-auto max-w-[220px]" />
      <div className="space-y-3">
        <ul className="space-y-2" aria-label={DEMO_MENU_LABEL}>
          {DEMO_MENU.map(([name, cents]) => (
            <li
              key={name}
              className="flex items-center justify-between gap-3 rounded-lg bg-white p-3 shadow-sm"
            >
              <span className="font-medium">{name}</span>
              <span className="flex items-center gap-3">
                {demoPrice(cents)}
                <button
                  type="button"
                  aria-label={addLabel(name)}
                  onClick={() => setAdded((a) => ({ ...a, [name]: (a[name] ?? 0) + 1 }))}
                  className="min-h-10 rounded-full bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
                >
                  {ADD}
                </button>
              </span>
            </li>
          ))}
        </ul>
        <p
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-stone-900 px-4 py-3 text-white"
        >
          <span>{count === 0 ? SAMPLE_ORDER_EMPTY : sampleOrder(count, demoPrice(total))}</span>
          <Link to={CUSTOMER_DEMO_HREF} className="text-sm font-semibold text-brand-200 underline">
            {ORDER_FOR_REAL}
          </Link>
        </p>
      </div>
    </div>
  );
}
