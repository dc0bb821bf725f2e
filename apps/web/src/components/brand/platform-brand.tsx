import { PRODUCT_NAME } from '@tavola/contract';
import type { ReactNode } from 'react';
import { BrandLogo } from './brand-logo';
import { brandStyle } from './brand-style';
import { usePublicPlatform } from './platform-status';

/** The platform's brand name (the team's white label), or the product's own. */
export function usePlatformBrand() {
  const brand = usePublicPlatform().data?.brand ?? {};
  return {
    name: brand.brandName ?? PRODUCT_NAME,
    logoUrl: brand.logoUrl,
    style: brandStyle(brand.primaryColor),
  };
}

/** The platform's logo and name, for the landing and login pages; `fallback` when it has no logo. */
export function PlatformBrandMark({
  fallback,
  logoClassName,
}: {
  fallback?: ReactNode;
  logoClassName?: string;
}) {
  const { name, logoUrl } = usePlatformBrand();
  return (
    <>
      {logoUrl ? <BrandLogo url={logoUrl} className={logoClassName} /> : fallback}
      <span>{name}</span>
    </>
  );
}
