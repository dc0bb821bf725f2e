import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  EMAIL_VERIFICATION_MESSAGES,
  isTimeZone,
  passwordProblem,
  planById,
  pricesIncludeTaxByDefault,
  ROLE_HOME,
  signupSchema,
  type Currency,
  type SignupInput,
} from '@tavola/contract';
import { Check } from 'lucide-react';
import { useMemo, useState, type InputHTMLAttributes } from 'react';
import { Link, useNavigate } from 'react-router';
import { PlatformBrandMark, usePlatformBrand } from '@/components/brand/platform-brand';
import { Card, CardContent } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Form, FormAlert, FormSubmit, refuse } from '@/components/ui/form';
import { Checkbox, Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { useSignUp } from './api/sign-up';

const STARTER = planById('starter');

/** The device's own time zone, for the new restaurant's clock (changeable later in Settings). */
function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Rome';
  } catch {
    return 'Europe/Rome';
  }
}

/** Every IANA zone the browser knows, for the searchable list (empty where it cannot say). */
function knownTimeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

const CURRENCY_LABELS: Record<Currency, string> = { eur: 'EUR (€)', usd: 'USD ($)' };

/** A percentage as typed ('8,5' or '8.5'), or null when it is not one. */
function percentOf(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) ? value : null;
}

interface SignupForm {
  restaurantName: string;
  timezone: string;
  currency: Currency;
  taxRate: string;
  pricesIncludeTax: boolean;
  serviceCharge: string;
  ownerName: string;
  email: string;
  username: string;
  password: string;
  sampleMenu: boolean;
}

type TextField = {
  [K in keyof SignupForm]: SignupForm[K] extends string ? K : never;
}[keyof SignupForm];

const PERCENT_FIELDS = [
  { key: 'taxRate', id: 'su-tax', label: 'Tax rate' },
  { key: 'serviceCharge', id: 'su-service', label: 'Service charge' },
] as const satisfies readonly { key: TextField; id: string; label: string }[];

interface AccountField extends InputHTMLAttributes<HTMLInputElement> {
  key: TextField;
  id: string;
  label: string;
  hint?: string;
}

/** The owner's account, in the order asked; the hints say what each one is for. */
const ACCOUNT_FIELDS: readonly AccountField[] = [
  { key: 'ownerName', id: 'su-owner', label: 'Your name', autoComplete: 'name', maxLength: 100 },
  {
    key: 'email',
    id: 'su-email',
    label: 'Email',
    type: 'email',
    autoComplete: 'email',
    maxLength: 254,
    hint: 'For password recovery and trial reminders; we mail you a link to verify it. You can add it later too.',
  },
  {
    key: 'username',
    id: 'su-username',
    label: 'Username',
    autoComplete: 'username',
    autoCapitalize: 'none',
    maxLength: 40,
    hint: 'Letters, digits, dot, dash and underscore; you sign in with it.',
  },
  {
    key: 'password',
    id: 'su-password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    hint: 'At least 8 characters, not a common word or one repeated.',
  },
];

/**
 * Self-serve sign-up (the landing page's and the login page's "Start free trial"): a Starter
 * Feast restaurant on its free trial, set up with its time zone, currency and tax, the owner as
 * its administrator with an email verified by a link, signed in at once.
 */
export default function SignupPage() {
  const navigate = useNavigate();
  // The team's white label.
  const brand = usePlatformBrand();
  const signUp = useSignUp();
  const zones = useMemo(knownTimeZones, []);
  const [form, setForm] = useState<SignupForm>(() => ({
    restaurantName: '',
    timezone: deviceTimeZone(),
    currency: DEFAULT_CURRENCY,
    taxRate: '',
    pricesIncludeTax: pricesIncludeTaxByDefault(DEFAULT_CURRENCY),
    serviceCharge: '',
    ownerName: '',
    email: '',
    username: '',
    password: '',
    sampleMenu: true,
  }));
  // Until the owner says otherwise, prices follow the currency's custom (EUR include tax).
  const [taxChoiceMade, setTaxChoiceMade] = useState(false);

  const field = (name: TextField) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: e.target.value }));

  const onCurrency = (currency: Currency) =>
    setForm((f) => ({
      ...f,
      currency,
      pricesIncludeTax: taxChoiceMade ? f.pricesIncludeTax : pricesIncludeTaxByDefault(currency),
    }));

  /** What the form would send; refused with the first thing to fix. */
  const checked = (): SignupInput => {
    if (!form.restaurantName.trim() || !form.ownerName.trim() || !form.username.trim()) {
      refuse("Please enter the restaurant's name, your name and a username");
    }
    if (!isTimeZone(form.timezone.trim())) {
      refuse('Choose your time zone from the list (such as Europe/Rome)');
    }
    const taxRate = form.taxRate.trim() === '' ? 0 : percentOf(form.taxRate);
    if (taxRate === null || taxRate < 0 || taxRate > 100) {
      refuse('Tax rate must be a percentage between 0 and 100');
    }
    const serviceCharge = form.serviceCharge.trim() === '' ? 0 : percentOf(form.serviceCharge);
    if (serviceCharge === null || serviceCharge < 0 || serviceCharge > 100) {
      refuse('Service charge must be a percentage between 0 and 100');
    }
    // The server's own rule (it adds its long list of common passwords).
    const weak = passwordProblem(form.password, { username: form.username });
    if (weak) refuse(weak);
    const result = signupSchema.safeParse({
      restaurantName: form.restaurantName,
      ownerName: form.ownerName,
      username: form.username,
      password: form.password,
      timezone: form.timezone,
      currency: form.currency,
      taxRate,
      pricesIncludeTax: form.pricesIncludeTax,
      serviceCharge,
      // Without an address there is no password recovery; it can be added later in Security.
      ...(form.email.trim() ? { email: form.email } : {}),
      sampleMenu: form.sampleMenu,
    });
    if (!result.success) refuse(result.error.issues[0]?.message ?? 'Please check the form');
    return result.data;
  };

  const onSubmit = async () => {
    const result = await signUp.mutateAsync(checked());
    if (result.emailVerification) {
      toast({
        title: 'Welcome aboard',
        description: EMAIL_VERIFICATION_MESSAGES[result.emailVerification],
      });
    }
    await navigate(ROLE_HOME[result.user.role], { replace: true });
  };

  return (
    <main
      className="min-h-screen bg-gradient-to-br from-brand-50 via-stone-50 to-amber-50 px-4 py-8"
      style={brand.style}
    >
      <div className="mx-auto grid max-w-5xl gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <div className="space-y-6">
          <div>
            <Link
              to="/"
              className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
            >
              ← <PlatformBrandMark logoClassName="h-6" />
            </Link>
            <h1 className="mt-2 text-3xl font-bold">Start your free trial</h1>
            <p className="text-stone-600">
              Your restaurant on {brand.name} in a minute. You will be its administrator.
            </p>
          </div>
          <Card>
            <CardContent className="pt-5">
              <Form className="space-y-5" noValidate onSubmit={onSubmit}>
                <fieldset className="space-y-4">
                  <legend className="mb-3 text-sm font-semibold tracking-wide text-stone-500 uppercase">
                    Your restaurant
                  </legend>
                  <Field label="Restaurant name" id="su-restaurant">
                    <Input
                      autoComplete="organization"
                      value={form.restaurantName}
                      onChange={field('restaurantName')}
                      maxLength={120}
                    />
                  </Field>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <Field
                      label="Time zone"
                      id="su-timezone"
                      hint="From this device; type to search (such as Europe/Rome)."
                    >
                      <Input
                        list="su-timezones"
                        autoComplete="off"
                        spellCheck={false}
                        value={form.timezone}
                        onChange={field('timezone')}
                        onFocus={(e) => e.target.select()}
                        maxLength={64}
                      />
                      <datalist id="su-timezones">
                        {zones.map((zone) => (
                          <option key={zone} value={zone} />
                        ))}
                      </datalist>
                    </Field>
                    <Field label="Currency" id="su-currency">
                      <Select
                        value={form.currency}
                        onChange={(e) => onCurrency(e.target.value as Currency)}
                        className="px-3"
                      >
                        {CURRENCIES.map((currency) => (
                          <option key={currency} value={currency}>
                            {CURRENCY_LABELS[currency]}
                          </option>
                        ))}
                      </Select>
                    </Field>
                    {PERCENT_FIELDS.map(({ key, id, label }) => (
                      <Field key={key} label={label} id={id}>
                        <div className="flex items-center gap-2">
                          <Input
                            inputMode="decimal"
                            placeholder="0"
                            value={form[key]}
                            onChange={field(key)}
                            maxLength={6}
                          />
                          <span aria-hidden className="text-stone-600">
                            %
                          </span>
                        </div>
                      </Field>
                    ))}
                  </div>
                  <Checkbox
                    label="Menu prices include tax"
                    checked={form.pricesIncludeTax}
                    onChange={(e) => {
                      setTaxChoiceMade(true);
                      setForm((f) => ({ ...f, pricesIncludeTax: e.target.checked }));
                    }}
                  />
                </fieldset>
                <fieldset className="space-y-4">
                  <legend className="mb-3 text-sm font-semibold tracking-wide text-stone-500 uppercase">
                    Your account
                  </legend>
                  {ACCOUNT_FIELDS.map(({ key, id, label, hint, ...input }) => (
                    <Field key={key} label={label} id={id} hint={hint}>
                      <Input {...input} value={form[key]} onChange={field(key)} />
                    </Field>
                  ))}
                </fieldset>
                <Checkbox
                  label="Start with a sample menu to edit"
                  checked={form.sampleMenu}
                  onChange={(e) => setForm((f) => ({ ...f, sampleMenu: e.target.checked }))}
                />
                <FormAlert />
                <FormSubmit size="lg" className="w-full" pendingText="Creating your restaurant...">
                  Start free trial
                </FormSubmit>
              </Form>
              <p className="mt-4 text-sm text-stone-600">
                Already on {brand.name}?{' '}
                <Link to="/login" className="font-semibold text-brand-700 hover:underline">
                  Staff login
                </Link>
              </p>
            </CardContent>
          </Card>
        </div>
        <Card className="h-fit">
          <CardContent className="space-y-3 pt-5">
            <h2 className="text-lg font-semibold">{STARTER.name}</h2>
            <p className="text-2xl font-black">
              EUR 0 <span className="text-base font-medium text-stone-600">free trial</span>
            </p>
            <ul className="space-y-2 text-sm text-stone-700">
              {STARTER.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-700" />
                  {feature}
                </li>
              ))}
            </ul>
            <p className="text-xs text-stone-500">
              When the trial ends, choose a plan to keep taking orders.
            </p>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
