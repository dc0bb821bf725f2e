import { RECOVERY_CODE_COUNT, type TwoFactorSetup } from '@tavola/contract';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form, FormAlert, FormSubmit, problemText, refuse } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { useRestaurantTimeZone } from '@/lib/auth';
import { formatTime } from '@/lib/format';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useTwoFactor } from '../api/get-two-factor';
import { useSetupTwoFactor } from '../api/setup-two-factor';

/**
 * The signed-in admin's, manager's or team member's own two-factor sign-in: set it up (QR code or
 * key, then a first code), keep the recovery codes shown once, or turn it off with a code.
 * `onSaved` runs once the recovery codes are put away.
 */
export function TwoFactorPanel({ onSaved }: { onSaved?: () => void } = {}) {
  const { data, isError, error } = useTwoFactor();
  const setup = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const timeZone = useRestaurantTimeZone();
  const [pending, setPending] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const onStart = async () => {
    setProblem(null);
    try {
      setPending(await setup.mutateAsync());
      setCode('');
    } catch (err) {
      setProblem(problemText(err));
    }
  };

  const onEnable = () => {
    if (!code.trim()) refuse('Enter the 6-digit code from your authenticator app');
    return enable.mutateAsync({ code: code.trim() });
  };

  const onDisable = () => {
    if (!code.trim()) refuse('Enter a code from your authenticator app or a recovery code');
    return disable.mutateAsync({ code: code.trim() });
  };

  if (isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {problemText(error)}
      </p>
    );
  }
  if (!data) return <div className="h-24 animate-pulse rounded-lg bg-stone-200" />;
  if (!data.available) {
    return (
      <p className="text-sm text-stone-600">
        Two-factor sign-in is for admin, manager and team accounts.
      </p>
    );
  }

  if (recoveryCodes) {
    return (
      <div className="space-y-3">
        <Alert tone="warning">
          Save these {RECOVERY_CODE_COUNT} recovery codes somewhere safe. Each one signs you in once
          if you lose your phone. They are not shown again.
        </Alert>
        <ol
          aria-label="Recovery codes"
          className="grid grid-cols-2 gap-2 rounded-lg bg-stone-100 p-3 font-mono text-sm"
        >
          {recoveryCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ol>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() =>
              void navigator.clipboard
                ?.writeText(recoveryCodes.join('\n'))
                .then(() => toast({ title: 'Recovery codes copied' }))
            }
          >
            Copy codes
          </Button>
          <Button
            onClick={() => {
              setRecoveryCodes(null);
              onSaved?.();
            }}
          >
            I have saved them
          </Button>
        </div>
      </div>
    );
  }

  if (data.enabled) {
    return (
      <Form
        className="space-y-3"
        noValidate
        onSubmit={onDisable}
        success={{ title: 'Two-factor sign-in is off' }}
        onSaved={() => setCode('')}
      >
        <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
          <Badge tone="green">On</Badge>
          {data.enabledAt && <span>Since {formatTime(data.enabledAt, timeZone, 'dateTime')}.</span>}
          <span>
            {data.recoveryCodesLeft} recovery code{data.recoveryCodesLeft === 1 ? '' : 's'} left.
          </span>
        </p>
        <Field label="Code to turn it off" id="two-factor-off-code">
          <Input
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder="App code or recovery code"
          />
        </Field>
        <FormAlert />
        <FormSubmit variant="outline">Turn off two-factor sign-in</FormSubmit>
      </Form>
    );
  }

  if (pending) {
    return (
      <Form
        className="space-y-3"
        noValidate
        onSubmit={onEnable}
        success={{ title: 'Two-factor sign-in is on' }}
        onSaved={({ recoveryCodes: codes }) => {
          setRecoveryCodes(codes);
          setPending(null);
          setCode('');
        }}
      >
        <p className="text-sm text-stone-700">
          Scan this QR code with your authenticator app (Google Authenticator, Microsoft
          Authenticator, 1Password…), then enter the code it shows.
        </p>
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(pending.qrSvg)}`}
          alt="QR code for your authenticator app"
          className="size-48 rounded-lg border border-stone-200 bg-white"
        />
        <p className="text-sm text-stone-700">
          Or enter this key by hand:{' '}
          <code aria-label="Secret key" className="rounded bg-stone-100 px-1.5 py-0.5 break-all">
            {pending.secret}
          </code>
        </p>
        <Field label="Code from the app" id="two-factor-setup-code">
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder="123456"
          />
        </Field>
        <FormAlert />
        <div className="flex flex-wrap gap-2">
          <FormSubmit>Turn on</FormSubmit>
          <Button variant="ghost" onClick={() => setPending(null)}>
            Cancel
          </Button>
        </div>
      </Form>
    );
  }

  return (
    <div className="space-y-3">
      <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
        <Badge>Off</Badge>
        After your password, signing in will ask for a code from an authenticator app on your phone.
      </p>
      {problem && <Alert tone="error">{problem}</Alert>}
      <Button onClick={() => void onStart()} disabled={setup.isPending}>
        Set up two-factor sign-in
      </Button>
    </div>
  );
}
