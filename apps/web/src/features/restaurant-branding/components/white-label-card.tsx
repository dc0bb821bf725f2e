import { BRAND_NAME_MAX, LOGO_URL_MAX, planById, type RestaurantBranding } from '@tavola/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { BrandLogo } from '@/components/brand/brand-logo';
import { brandStyle } from '@/components/brand/brand-style';
import { getRestaurantBrandingQueryOptions } from '@/components/brand/staff-brand';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { useUpdateBranding } from '../api/update-branding';

const ENTERPRISE = planById('enterprise').name;

const formOf = (b: RestaurantBranding) => ({
  brandName: b.own.brandName ?? '',
  primaryColor: b.own.primaryColor ?? '',
  logoUrl: b.own.logoUrl ?? '',
});

/**
 * The restaurant's white label (issue 14, item 9): its brand name, colour and logo on its guest
 * page, staff screens and printed QR codes. Enterprise Empire only (the server decides; other
 * plans see why and what shows instead).
 */
export function WhiteLabelCard() {
  const { data, isError, error } = useQuery(getRestaurantBrandingQueryOptions());
  const update = useUpdateBranding();
  const [form, setForm] = useState({ brandName: '', primaryColor: '', logoUrl: '' });
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (data) setForm(formOf(data));
  }, [data]);
  const colourValid = /^#[0-9a-f]{6}$/i.test(form.primaryColor);
  const allowed = data?.allowed ?? false;

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      await update.mutateAsync({
        brandName: form.brandName.trim(),
        primaryColor: form.primaryColor.trim(),
        logoUrl: form.logoUrl.trim(),
      });
      toast({ title: 'Branding saved' });
    } catch (err) {
      setProblem(err instanceof Error ? err.message : 'Please try again');
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>White label</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {isError && <Alert tone="error">{error.message}</Alert>}
        {data && !allowed && (
          <Alert tone="info">
            White label is part of the {ENTERPRISE} plan: your own brand name, colour and logo on
            the guest page, staff screens and printed QR codes.
          </Alert>
        )}
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={(e) => void onSave(e)} noValidate>
          <fieldset disabled={!allowed} className="contents">
            <div className="space-y-1.5">
              <Label htmlFor="brand-name">Brand name</Label>
              <Input
                id="brand-name"
                value={form.brandName}
                maxLength={BRAND_NAME_MAX}
                onChange={(e) => setForm((f) => ({ ...f, brandName: e.target.value }))}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="brand-colour">Primary colour</Label>
              <div className="flex gap-2">
                <input
                  type="color"
                  aria-label="Pick the primary colour"
                  value={colourValid ? form.primaryColor : '#c2410c'}
                  onChange={(e) => setForm((f) => ({ ...f, primaryColor: e.target.value }))}
                  className="h-11 w-12 shrink-0 cursor-pointer rounded-lg border border-stone-300 bg-white p-1"
                />
                <Input
                  id="brand-colour"
                  value={form.primaryColor}
                  placeholder="#c2410c"
                  maxLength={7}
                  onChange={(e) => setForm((f) => ({ ...f, primaryColor: e.target.value }))}
                />
              </div>
            </div>
            <div className="space-y-1.5 sm:col-span-2">
              <Label htmlFor="brand-logo">Logo URL</Label>
              <Input
                id="brand-logo"
                type="url"
                inputMode="url"
                placeholder="https://"
                value={form.logoUrl}
                maxLength={LOGO_URL_MAX}
                onChange={(e) => setForm((f) => ({ ...f, logoUrl: e.target.value }))}
              />
            </div>
          </fieldset>
          <div
            className="flex items-center gap-3 rounded-xl border border-stone-200 p-3 sm:col-span-2"
            style={brandStyle(colourValid ? form.primaryColor : undefined)}
            aria-label="Brand preview"
          >
            <BrandLogo url={form.logoUrl.trim() || undefined} />
            <span className="font-black text-brand-800">
              {form.brandName.trim() || data?.effective.brandName || 'Your restaurant'}
            </span>
          </div>
          {problem && (
            <Alert tone="error" className="sm:col-span-2">
              {problem}
            </Alert>
          )}
          <div className="flex justify-end sm:col-span-2">
            <Button type="submit" disabled={!allowed || update.isPending}>
              Save branding
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
