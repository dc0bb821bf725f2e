import { planById, type RestaurantBranding } from '@tavola/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrandFields, isColour } from '@/components/brand/brand-fields';
import { BrandLogo } from '@/components/brand/brand-logo';
import { brandStyle } from '@/components/brand/brand-style';
import { getRestaurantBrandingQueryOptions } from '@/components/brand/staff-brand';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormAlert, FormSubmit } from '@/components/ui/form';
import { useUpdateBranding } from '../api/update-branding';
import { t } from '../messages';

const ENTERPRISE = planById('enterprise').name;

const formOf = (b: RestaurantBranding) => ({
  brandName: b.own.brandName ?? '',
  primaryColor: b.own.primaryColor ?? '',
  logoUrl: b.own.logoUrl ?? '',
});

/**
 * The restaurant's white label: its brand name, colour and logo on its guest
 * page, staff screens and printed QR codes. Enterprise Empire only (the server decides; other
 * plans see why and what shows instead).
 */
export function WhiteLabelCard() {
  const { data, isError, error } = useQuery(getRestaurantBrandingQueryOptions());
  const update = useUpdateBranding();
  const [form, setForm] = useState({ brandName: '', primaryColor: '', logoUrl: '' });
  useEffect(() => {
    if (data) setForm(formOf(data));
  }, [data]);
  const colourValid = isColour(form.primaryColor);
  const allowed = data?.allowed ?? false;

  const onSave = () =>
    update.mutateAsync({
      brandName: form.brandName.trim(),
      primaryColor: form.primaryColor.trim(),
      logoUrl: form.logoUrl.trim(),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('whiteLabel')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {isError && <Alert tone="error">{error.message}</Alert>}
        {data && !allowed && <Alert tone="info">{t('enterpriseOnly', { plan: ENTERPRISE })}</Alert>}
        <Form
          className="grid gap-4 sm:grid-cols-2"
          noValidate
          onSubmit={onSave}
          success={{ title: t('brandingSaved') }}
        >
          <fieldset disabled={!allowed} className="contents">
            <BrandFields
              ids={{ brandName: 'brand-name', primaryColor: 'brand-colour', logoUrl: 'brand-logo' }}
              value={form}
              onChange={setForm}
              labels={{
                brandName: t('brandName'),
                primaryColour: t('primaryColour'),
                pickColour: t('pickColour'),
                logoUrl: t('logoUrl'),
              }}
            />
          </fieldset>
          <div
            className="flex items-center gap-3 rounded-xl border border-stone-200 p-3 sm:col-span-2"
            style={brandStyle(colourValid ? form.primaryColor : undefined)}
            aria-label={t('brandPreview')}
          >
            <BrandLogo url={form.logoUrl.trim() || undefined} />
            <span className="font-black text-brand-800">
              {form.brandName.trim() || data?.effective.brandName || t('yourRestaurant')}
            </span>
          </div>
          <FormAlert className="sm:col-span-2" />
          <div className="flex justify-end sm:col-span-2">
            <FormSubmit disabled={!allowed}>{t('saveBranding')}</FormSubmit>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
