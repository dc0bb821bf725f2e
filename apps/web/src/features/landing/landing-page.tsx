import { usePlatformBrand } from '@/components/brand/platform-brand';
import { FeaturesSection } from './components/features-section';
import { HeroSection } from './components/hero-section';
import { JourneySection } from './components/journey-section';
import { PricingSection } from './components/pricing-section';
import { ProductSection } from './components/product-section';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { StoriesSection } from './components/stories-section';

/**
 * The sections that do not name the brand, made once: when the platform's brand arrives (after
 * the first paint), React sees the same element and skips them instead of rendering most of the
 * page again in one long task.
 */
const BRAND_FREE_SECTIONS = (
  <>
    <FeaturesSection />
    <ProductSection />
    <JourneySection />
    <PricingSection />
    <StoriesSection />
  </>
);

/** The public front page: its words live in `content.ts`, each section in `components/`. */
export default function LandingPage() {
  // The platform team's white label: its name, logo and colour.
  const brand = usePlatformBrand();
  return (
    <div className="bg-stone-50 text-stone-900" style={brand.style}>
      <SiteHeader brandName={brand.name} />
      <main id="main">
        <HeroSection brandName={brand.name} />
        {BRAND_FREE_SECTIONS}
      </main>
      <SiteFooter brandName={brand.name} />
    </div>
  );
}
