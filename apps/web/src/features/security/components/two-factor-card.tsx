import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { t } from '../messages';
import { TwoFactorPanel } from './two-factor-panel';

/** The admin's own two-factor sign-in, as a card of the Security tab. */
export function TwoFactorCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('twoFactor')}</CardTitle>
        <p className="text-sm text-stone-600">{t('twoFactorHint')}</p>
      </CardHeader>
      <CardContent>
        <TwoFactorPanel />
      </CardContent>
    </Card>
  );
}

/** A header button opening the same panel in a dialog (the manager's dashboard). */
export function TwoFactorButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} className="px-3 sm:px-4">
        <ShieldCheck aria-hidden className="size-4" />
        <span className="sr-only sm:not-sr-only">{t('twoFactor')}</span>
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('twoFactor')}
        description={t('twoFactorHint')}
      >
        {open && <TwoFactorPanel />}
      </Dialog>
    </>
  );
}
