import { useState, type ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import {
  ANALYTICS_DEMO,
  DEMO_TABS,
  DEMO_TABS_LABEL,
  KITCHEN_DEMO,
  MANAGER_DEMO,
  MANAGER_SAMPLE,
  PRODUCT_TITLE,
  SAMPLE_LABEL,
  TOP_ITEMS,
  TOP_ITEMS_LABEL,
  WAITER_DEMO,
  type DemoTab,
} from '../content';
import { CustomerDemo } from './customer-demo';
import { LandingSection } from './landing-section';
import { Screen } from './screen';

/** A sample figure, labelled as one so it is never read as what the screenshot beside it shows. */
function SampleFigures({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-stone-300 bg-white px-4 py-3 text-stone-700">
      <span className="mr-2 rounded bg-stone-100 px-1.5 py-0.5 text-xs font-semibold text-stone-600 uppercase">
        {SAMPLE_LABEL}
      </span>
      {children}
    </p>
  );
}

function DemoPanel({ tab }: { tab: DemoTab }) {
  switch (tab) {
    case 'Customer':
      return <CustomerDemo />;
    case 'Waiter':
      return (
        <div className="space-y-4">
          <Screen name="waiter" />
          <p className="text-stone-700">{WAITER_DEMO}</p>
        </div>
      );
    case 'Kitchen':
      return (
        <div className="space-y-4">
          <Screen name="kitchen" />
          <p className="text-stone-700">{KITCHEN_DEMO}</p>
          <Screen name="bar" className="max-w-md" />
        </div>
      );
    case 'Manager':
      return (
        <div className="space-y-4">
          <Screen name="manager" />
          <p className="text-stone-700">{MANAGER_DEMO}</p>
          <SampleFigures>{MANAGER_SAMPLE}</SampleFigures>
        </div>
      );
    case 'Analytics':
      return (
        <div className="space-y-4">
          <Screen name="analytics" />
          <p className="text-stone-700">{ANALYTICS_DEMO}</p>
          <div className="space-y-2">
            <SampleFigures>{TOP_ITEMS_LABEL}</SampleFigures>
            <ol className="grid gap-2 sm:grid-cols-2" aria-label={TOP_ITEMS_LABEL}>
              {TOP_ITEMS.map(([name, sales, revenue], i) => (
                <li key={name} className="flex justify-between rounded-lg bg-white p-3 shadow-sm">
                  <span>
                    {i + 1}. {name}
                  </span>
                  <span className="tabular-nums">
                    {sales} sold · {revenue}
                  </span>
                </li>
              ))}
            </ol>
          </div>
        </div>
      );
  }
}

export function ProductSection() {
  const [tab, setTab] = useState<DemoTab>('Customer');
  return (
    <LandingSection id="product" titleId="product-title" title={PRODUCT_TITLE}>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label={DEMO_TABS_LABEL} className="mt-6 flex-wrap">
          {DEMO_TABS.map((t) => (
            <TabsTrigger
              key={t}
              value={t}
              className="rounded-full bg-white px-4 text-stone-700 shadow-sm data-[state=active]:bg-stone-900 data-[state=active]:text-white data-[state=active]:shadow-none"
            >
              {t}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={tab} className="mt-6">
          <DemoPanel tab={tab} />
        </TabsContent>
      </Tabs>
    </LandingSection>
  );
}
